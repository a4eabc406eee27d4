// The ruling page: a legal move (or the legal way) clicked is put in the Move box.
"use strict";
(function () {
  const box = document.getElementById("move");
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.fill");
    if (!button || !box) return;
    box.value = button.dataset.move;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
})();
