// The teacher's dashboard: every game with its state, and the class's illegal attempts
// counted by rule, most tripped first. Refreshed every few seconds.
"use strict";

(function () {
  const HT = window.HT;
  const w = HT.w;

  function toLogin() {
    location.href = HT.withLang("/teacher/login");
  }

  function seatText(game, seat) {
    const names = (game.seats && game.seats.names) || {};
    if (names[seat]) return names[seat];
    return w(game.seats && game.seats[seat] === "taken" ? "seat_taken" : "seat_open");
  }

  function time(seconds) {
    const d = new Date(seconds * 1000);
    return d.toLocaleString(HT.lang === "zh" ? "zh-CN" : HT.lang,
      { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });
  }

  async function loadGames() {
    const answer = await HT.api("GET", "/api/teacher/games");
    if (answer.status === 401) return toLogin();
    if (answer.status !== 200 || !answer.data) return;
    const body = document.querySelector("#games tbody");
    const games = answer.data.games || [];
    if (!games.length) {
      const row = HT.el("tr");
      row.append(HT.el("td", { colspan: "9", class: "muted" }, w("no_games")));
      body.replaceChildren(row);
      return;
    }
    body.replaceChildren(...games.map(function (g) {
      const row = HT.el("tr", { "data-game": g.id });
      const replay = HT.el("a", { href: HT.withLang("/teacher/games/" + encodeURIComponent(g.id)) },
        w("replay"));
      const open = HT.el("a", { href: HT.withLang("/play/" + encodeURIComponent(g.id)) },
        w("open_game"));
      const links = HT.el("td");
      links.append(replay, " · ", open);
      row.append(HT.el("td", {}, g.id), HT.el("td", {}, g.game_type + (g.tournament ? " (T)" : "")),
        HT.el("td", { class: "state" }, HT.stateWord(g)), HT.el("td", { class: "num" }, String(g.ply)),
        HT.el("td", {}, seatText(g, "white")), HT.el("td", {}, seatText(g, "black")),
        HT.el("td", { class: "num" }, String(g.attempts || 0)), HT.el("td", {}, time(g.created)),
        links);
      return row;
    }));
  }

  async function loadAttempts() {
    const answer = await HT.api("GET", "/api/teacher/attempts?lang=" + encodeURIComponent(HT.lang));
    if (answer.status === 401) return toLogin();
    if (answer.status !== 200 || !answer.data) return;
    const data = answer.data;
    document.getElementById("attempts-total").textContent = data.total
      ? w("attempts_total", { total: data.total }) : w("no_attempts");
    const body = document.querySelector("#attempts tbody");
    body.replaceChildren(...(data.by_rule || []).map(function (r) {
      const row = HT.el("tr", { "data-rule": r.rule });
      row.append(HT.el("td", { class: "rule-id" }, r.rule), HT.el("td", {}, r.title || ""),
        HT.el("td", { class: "num" }, String(r.count)));
      return row;
    }));
  }

  function refresh() {
    loadGames();
    loadAttempts();
  }
  refresh();
  setInterval(refresh, 4000);
})();
