// Review screen: Space (or Enter) shows the answer, 1–4 answer once it shows, U undoes.
(function () {
  "use strict";
  var show = document.getElementById("show-answer");
  var answer = document.getElementById("review-answer");
  var ratings = document.getElementById("rating-form");
  var undo = document.getElementById("undo");
  var sent = false;

  function reveal() {
    if (!answer || !answer.hidden) return;
    answer.hidden = false;
    ratings.hidden = false;
    show.hidden = true;
    var good = document.getElementById("rate-3");
    if (good) good.focus();
  }
  if (show) show.addEventListener("click", reveal);
  if (ratings) ratings.addEventListener("submit", function (event) {
    // One answer per card, however fast the keys come.
    if (sent) event.preventDefault();
    sent = true;
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if ((event.key === " " || event.key === "Enter") && answer && answer.hidden) {
      event.preventDefault();
      reveal();
    } else if (/^[1-4]$/.test(event.key) && answer && !answer.hidden) {
      event.preventDefault();
      var button = document.getElementById("rate-" + event.key);
      if (button && !sent) ratings.requestSubmit(button);
    } else if ((event.key === "u" || event.key === "U") && undo) {
      event.preventDefault();
      undo.form.requestSubmit(undo);
    }
  });
})();
