// Choices that do not apply while another has a value (<fieldset data-off-when="name=value">, the game's
// template saying which and naming this file among its round form's: Queenie sells nothing once the dealer
// switched): its options other than "nobody" are disabled meanwhile; without JavaScript the server refuses.
// Enhancements only: the forms work without this file.
"use strict";
(() => {
  function refreshOff(form) {
    form.querySelectorAll("[data-off-when]").forEach((fieldset) => {
      const [name, value] = fieldset.dataset.offWhen.split("=");
      const chosen = form.querySelector(`input[name="${name}"]:checked`);
      const off = chosen !== null && chosen.value === value;
      fieldset.querySelectorAll("input[type=radio]").forEach((input) => {
        if (input.value === "") {
          if (off) input.checked = true;
          return;
        }
        input.disabled = off;
        if (off) input.checked = false;
      });
      fieldset.classList.toggle("off", off);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("form").forEach((form) => {
      form.addEventListener("change", () => refreshOff(form));
      refreshOff(form);
    });
  });
})();
