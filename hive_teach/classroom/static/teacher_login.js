// The teacher's sign-in form: the password becomes the teacher's session cookie.
"use strict";

(function () {
  const HT = window.HT;
  const form = document.getElementById("teacher-login-form");
  const message = document.getElementById("teacher-message");
  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    const answer = await HT.api("POST", "/api/teacher/login", {
      password: form.elements["password"].value });
    if (answer.status === 200) {
      location.href = HT.withLang("/teacher");
      return;
    }
    message.className = "message bad";
    message.textContent = answer.status === 0 ? HT.w("network_error") : HT.w("teacher_login_failed");
  });
})();
