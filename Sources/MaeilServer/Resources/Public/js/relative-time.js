// Renews "5분 전" / "5 minutes ago" on the page while it stays open, with the
// words the server wrote into the section's data-time-* attributes (the same
// rules as RelativeTimeText): under a minute "just now", under an hour
// minutes, under a day hours, then the date the server wrote in data-date.
"use strict";
(() => {
  const DAY = 24 * 60 * 60;
  function phrase(words, seconds) {
    if (seconds < 60) return words.timeJustNow;
    if (seconds < 3600) {
      const n = Math.floor(seconds / 60);
      return n === 1 ? words.timeMinutesOne : words.timeMinutes.replace("{n}", n);
    }
    const n = Math.floor(seconds / 3600);
    return n === 1 ? words.timeHoursOne : words.timeHours.replace("{n}", n);
  }
  function renew() {
    const now = Date.now();
    for (const section of document.querySelectorAll("[data-time-just-now]")) {
      for (const time of section.querySelectorAll("time[data-relative]")) {
        const seconds = (now - Date.parse(time.getAttribute("datetime"))) / 1000;
        if (Number.isNaN(seconds)) continue;
        if (seconds >= DAY) {
          time.textContent = time.dataset.date;
          time.removeAttribute("data-relative");
        } else {
          const text = phrase(section.dataset, seconds);
          if (time.textContent !== text) time.textContent = text;
        }
      }
    }
  }
  document.addEventListener("DOMContentLoaded", () => {
    renew();
    setInterval(renew, 15 * 1000);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) renew();
    });
  });
})();
