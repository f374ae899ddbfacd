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
