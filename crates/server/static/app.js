// Small progressive enhancement: in the result grid, Enter moves to the next board (the form
// still submits with the button, and everything works without this script).
document.addEventListener("keydown", function (e) {
  var t = e.target;
  if (e.key !== "Enter" || !t.classList || !t.classList.contains("grid")) return;
  var inputs = Array.prototype.slice.call(document.querySelectorAll("input.grid"));
  var i = inputs.indexOf(t);
  if (i >= 0 && i + 1 < inputs.length) {
    e.preventDefault();
    inputs[i + 1].focus();
    inputs[i + 1].select();
  }
});

// The pages carry no inline script (the Content-Security-Policy allows only this file): the
// buttons say what they do with data attributes.
document.addEventListener("click", function (e) {
  var t = e.target.closest ? e.target.closest("[data-action]") : null;
  if (!t) return;
  if (t.dataset.action === "print") {
    e.preventDefault();
    window.print();
  } else if (t.dataset.action === "back" && window.history.length > 1) {
    // Without the script the link goes to the home page.
    e.preventDefault();
    window.history.back();
  }
});

// A form that asks before it destroys something (deleting a bridge session).
document.addEventListener("submit", function (e) {
  var f = e.target;
  if (f.dataset && f.dataset.question && !window.confirm(f.dataset.question)) {
    e.preventDefault();
  }
});
