// The start page: a new game, the games waiting for a player and those being played, and
// the optional sign-in with its record.
"use strict";

(function () {
  const HT = window.HT;
  const w = HT.w;

  // ------------------------------------------------------------------ a new game
  const form = document.getElementById("new-game-form");
  const newMessage = document.getElementById("new-game-message");
  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    const extra = ["M", "L", "P"].filter((x) => form.elements[x].checked).join("");
    const body = {
      game_type: extra ? "Base+" + extra : "Base",
      tournament: form.elements["tournament"].checked,
      lang: HT.lang,
    };
    const button = document.getElementById("create");
    button.disabled = true;
    newMessage.className = "message";
    newMessage.textContent = w("creating");
    const answer = await HT.api("POST", "/api/games", body);
    button.disabled = false;
    if (answer.status === 201 && answer.data) {
      HT.keepSeat(answer.data.id, answer.data.seat, answer.data.token);
      location.href = HT.withLang("/play/" + encodeURIComponent(answer.data.id));
      return;
    }
    newMessage.className = "message bad";
    newMessage.textContent = answer.status === 0 ? w("network_error")
      : (answer.data && answer.data.error) || String(answer.status);
  });

  // ------------------------------------------------------------------ the lists of games
  function gameItem(game, action, label) {
    const li = HT.el("li");
    const text = HT.el("span", { class: "game" });
    text.append(HT.el("strong", {}, w("game_name", { id: game.id })), " ",
      HT.el("span", { class: "muted" }, game.game_type + " · " + w("moves_played", { n: game.ply })));
    const held = HT.seat(game.id);
    const link = HT.el("a", { class: "button", href: HT.withLang("/play/" + encodeURIComponent(game.id)) },
      held && held.token ? w("continue_game") : label);
    link.dataset.action = held && held.token ? "continue" : action;
    li.append(text, link);
    return li;
  }

  async function fill(listId, state, action, label, emptyKey) {
    const list = document.getElementById(listId);
    const answer = await HT.api("GET", "/api/games?state=" + state);
    if (answer.status !== 200 || !answer.data) {
      list.replaceChildren(HT.el("li", { class: "muted" }, w("network_error")));
      return;
    }
    const games = answer.data.games || [];
    if (games.length === 0) {
      list.replaceChildren(HT.el("li", { class: "muted" }, w(emptyKey)));
      return;
    }
    list.replaceChildren(...games.map((g) => gameItem(g, action, label)));
  }

  function refreshLists() {
    fill("open-games", "open", "join", w("join"), "no_open_games");
    fill("live-games", "live", "watch", w("watch"), "no_live_games");
  }
  refreshLists();
  setInterval(refreshLists, 5000);

  // ------------------------------------------------------------------ sign-in
  const signForm = document.getElementById("sign-in-form");
  const signMessage = document.getElementById("sign-in-message");
  const signedIn = document.getElementById("signed-in");

  async function showMe() {
    const answer = await HT.api("GET", "/api/me");
    if (answer.status === 200 && answer.data) {
      const me = answer.data;
      document.getElementById("who").textContent = w("signed_in_as", { name: me.name });
      document.getElementById("record").textContent =
        w("record", { wins: me.wins, losses: me.losses, draws: me.draws });
      signedIn.hidden = false;
      signForm.hidden = true;
    } else {
      signedIn.hidden = true;
      signForm.hidden = false;
    }
  }

  async function signIn(url, failKey) {
    const name = signForm.elements["name"].value.trim();
    const password = signForm.elements["password"].value;
    signMessage.className = "message bad";
    if (!name || !password) {
      signMessage.textContent = w("fill_both");
      return;
    }
    const answer = await HT.api("POST", url, { name: name, password: password });
    if (answer.status === 200 || answer.status === 201) {
      signMessage.textContent = "";
      signForm.elements["password"].value = "";
      await showMe();
      return;
    }
    if (answer.status === 0) {
      signMessage.textContent = w("network_error");
    } else if (failKey === "register_failed") {
      signMessage.textContent = w("register_failed", { error: (answer.data && answer.data.error) || answer.status });
    } else {
      signMessage.textContent = w(failKey);
    }
  }

  signForm.addEventListener("submit", function (event) {
    event.preventDefault();
    signIn("/api/login", "sign_in_failed");
  });
  document.getElementById("register").addEventListener("click", function () {
    signIn("/api/users", "register_failed");
  });
  document.getElementById("sign-out").addEventListener("click", async function () {
    await HT.api("POST", "/api/logout");
    await showMe();
  });
  showMe();
})();
