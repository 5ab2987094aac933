// The teacher's replay: any game move by move, with buttons, a slider and the arrow keys,
// each step drawn from view?ply=K.
"use strict";

(function () {
  const HT = window.HT;
  const w = HT.w;
  const root = document.getElementById("replay");
  const gameId = root.dataset.game;
  const base = "/api/games/" + encodeURIComponent(gameId);
  const board = new HT.Board(document.getElementById("board"), w("board_label"));
  const slider = document.getElementById("ply");
  const statusBox = document.getElementById("status");
  const movesList = document.getElementById("moves");
  let plies = 0;
  let at = null;
  let loads = 0;

  // ?ply=K opens the replay at move K (anything else: at the end).
  const asked = Number.parseInt(new URLSearchParams(location.search).get("ply") || "", 10);

  async function show(ply) {
    const mine = ++loads;
    const query = ply === null ? "" : "&ply=" + ply;
    const answer = await HT.api("GET", base + "/view?lang=" + HT.lang + query);
    if (mine !== loads) return;
    if (answer.status === 401) {
      location.href = HT.withLang("/teacher/login");
      return;
    }
    if (answer.status !== 200 || !answer.data) {
      statusBox.textContent = answer.status === 0 ? w("network_error")
        : (answer.data && answer.data.error) || String(answer.status);
      return;
    }
    const view = answer.data;
    plies = view.plies;
    at = view.ply;
    slider.max = String(plies);
    slider.value = String(at);
    board.show(view);
    statusBox.textContent = at === 0 ? w("ply_zero", { plies: plies })
      : w("ply_at", { ply: at, plies: plies, move: view.moves[at - 1] });
    if (at === plies && view.result_text) statusBox.textContent += " " + view.result_text;
    HT.showMoves(movesList, view.moves, at);
    document.getElementById("first").disabled = document.getElementById("prev").disabled = at === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled = at === plies;
  }

  function go(ply) {
    show(Math.max(0, Math.min(plies, ply)));
  }

  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(at - 1));
  document.getElementById("next").addEventListener("click", () => go(at + 1));
  document.getElementById("last").addEventListener("click", () => go(plies));
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", function (event) {
    if (event.target && event.target.tagName === "INPUT") return; // the slider moves itself
    if (event.key === "ArrowLeft") go(at - 1);
    else if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(plies);
    else return;
    event.preventDefault();
  });
  movesList.addEventListener("click", function (event) {
    const li = event.target.closest("li[data-ply]");
    if (li) go(Number(li.dataset.ply));
  });

  show(Number.isFinite(asked) && asked >= 0 ? asked : null).then(function () {
    if (at === null && Number.isFinite(asked)) show(null); // a ply beyond the game: its end
  });
})();
