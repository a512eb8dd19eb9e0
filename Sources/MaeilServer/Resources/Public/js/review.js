// Review screen: Space (or Enter) shows the answer, 1–4 answer once it shows, U undoes.
(function () {
  "use strict";
  var keys = window.MaeilShortcuts;
  var show = document.getElementById("show-answer");
  var answer = document.getElementById("review-answer");
  var ratings = document.getElementById("rating-form");
  var undo = document.getElementById("undo");
  if (!keys || !answer) return;

  function reveal() {
    if (!answer.hidden) return;
    answer.hidden = false;
    ratings.hidden = false;
    show.hidden = true;
    document.dispatchEvent(new CustomEvent("maeil:answer-shown"));
    var good = document.getElementById("rate-3");
    if (good) good.focus();
  }
  if (show) show.addEventListener("click", reveal);
  keys.oneAnswer(document.getElementById("main"));

  keys.onKey(function (event) {
    if ((event.key === " " || event.key === "Enter") && answer.hidden) {
      event.preventDefault();
      reveal();
    } else if (/^[1-4]$/.test(event.key) && !answer.hidden) {
      event.preventDefault();
      keys.press(document.getElementById("rate-" + event.key));
    } else if ((event.key === "u" || event.key === "U") && undo) {
      event.preventDefault();
      keys.press(undo);
    }
  });
})();
