// The game page: the board, the seat this browser holds, clicks that become moves, and live
// updates. A click on a piece lights up its targets from the view's `targets` at once (no
// request); a click on a green cell sends that move, a click on any other cell asks the
// server, which answers with the rule and the engine's explanation.
"use strict";

(function () {
  const HT = window.HT;
  const w = HT.w;
  const root = document.getElementById("play");
  const gameId = root.dataset.game;
  const base = "/api/games/" + encodeURIComponent(gameId);

  const statusBox = document.getElementById("status");
  const messageBox = document.getElementById("message");
  const illegalBox = document.getElementById("illegal");
  const boardBox = document.getElementById("board");
  const passButton = document.getElementById("pass");
  const offerBox = document.getElementById("offer");
  const seatLine = document.getElementById("seat");
  const shareBox = document.getElementById("share");
  const joinUrl = document.getElementById("join-url");
  const movesList = document.getElementById("moves");
  const keysForm = document.getElementById("keys");
  const keyPiece = document.getElementById("key-piece");
  const keyCell = document.getElementById("key-cell");

  const board = new HT.Board(boardBox, w("board_label"));
  let view = null; // the last view drawn
  let game = null; // the game's summary (seats)
  let held = HT.seat(gameId); // {seat, token} this browser holds, or null
  let selected = null; // the piece whose targets are lit
  let refused = null; // the cell of the last refused click
  let busy = false; // a move is on its way
  let loads = 0; // views asked for: only the newest answer is drawn

  joinUrl.value = location.origin + "/play/" + encodeURIComponent(gameId);

  function myColour() {
    return held && held.seat === "black" ? "b" : "w";
  }

  function canPlay() {
    return Boolean(view && held && held.token && !HT.isOver(view) && view.ply === view.plies
      && view.turn === held.seat);
  }

  function say(text, bad) {
    messageBox.textContent = text || "";
    messageBox.className = bad ? "message bad" : "message";
  }

  function hideIllegal() {
    illegalBox.hidden = true;
    refused = null;
  }

  // ------------------------------------------------------------------ drawing
  function showStatus() {
    if (!view) return;
    let text;
    let kind = "";
    if (HT.isOver(view)) {
      text = view.result_text || w("game_over");
      kind = "over";
    } else if (canPlay()) {
      text = view.pass ? w("pass_only") : w("your_turn");
      kind = "mine";
    } else if (game && game.seats && game.seats.black === "open" && view.turn === "black") {
      text = w("waiting_black");
    } else if (held && held.token) {
      text = w("their_turn", { side: HT.sideName(view.turn) });
    } else {
      text = w("watch_turn", { side: HT.sideName(view.turn) });
    }
    statusBox.textContent = text;
    statusBox.className = "status " + kind;
    const seatKey = held && held.token ? (held.seat === "black" ? "you_are_black" : "you_are_white")
      : "you_are_spectator";
    seatLine.textContent = w(seatKey);
    shareBox.hidden = !(game && game.seats && game.seats.black === "open");
    passButton.hidden = !(canPlay() && view.pass);
    boardBox.classList.toggle("clickable", canPlay());
  }

  function showMarks() {
    board.clear();
    if (!view || !selected) return;
    const at = board.where(selected);
    if (at) board.mark("ht-selected", at.xy, at.size * 0.97);
    const targets = view.targets[selected] || {};
    for (const cell of Object.keys(targets)) {
      const xy = view.cells[cell];
      if (xy) board.mark("ht-target", xy, 0.9, cell);
    }
    if (refused && view.cells[refused]) board.mark("ht-wrong", view.cells[refused], 0.9, refused);
  }

  // The menus under the board: the pieces that can move, then the cells of the chosen one.
  function options(menu, entries, value) {
    menu.replaceChildren(HT.el("option", { value: "" }, "—"),
      ...entries.map(([v, text]) => HT.el("option", { value: v }, text)));
    menu.value = entries.some(([v]) => v === value) ? value : "";
  }

  function showKeys() {
    const on = canPlay() && !view.pass;
    keysForm.hidden = !on;
    if (!on) return;
    const pieces = Object.keys(view.targets)
      .filter((p) => pickable(p) && Object.keys(view.targets[p]).length).sort();
    options(keyPiece, pieces.map((p) => [p, HT.pieceName(p) + " ("
      + ((board.where(p) || {}).cell || w("keys_hand")) + ")"]), selected);
    const cells = selected ? Object.keys(view.targets[selected] || {}).sort() : [];
    options(keyCell, cells.map((c) => [c, c]), keyCell.value);
  }

  function draw(next) {
    const samePly = view && view.ply === next.ply;
    view = next;
    if (!samePly) {
      selected = null;
      refused = null;
    }
    board.show(view);
    showMarks();
    showStatus();
    showKeys();
    HT.showMoves(movesList, view.moves, view.ply);
  }

  async function loadView() {
    const mine = ++loads;
    const answer = await HT.api("GET", base + "/view?lang=" + HT.lang);
    if (mine !== loads) return; // a newer one is on its way
    if (answer.status === 200 && answer.data) {
      draw(answer.data);
    } else if (answer.status === 0) {
      say(w("network_error"), true);
    }
  }

  async function loadGame() {
    const answer = await HT.api("GET", base);
    if (answer.status === 200 && answer.data) {
      game = answer.data;
      showStatus();
    }
    return game;
  }

  // ------------------------------------------------------------------ clicks
  function select(piece) {
    selected = piece;
    refused = null;
    illegalBox.hidden = true;
    const n = Object.keys(view.targets[piece] || {}).length;
    say(w(n ? "selected" : "selected_none", { piece: HT.pieceName(piece) }));
    showMarks();
    showKeys();
  }

  function deselect() {
    selected = null;
    refused = null;
    say(w("deselected"));
    showMarks();
    showKeys();
  }

  function owner(piece) {
    return piece ? piece.charAt(0) : null;
  }

  // A piece may be picked when it is ours, or when it has targets (a Pillbug's throw moves
  // an opponent's piece).
  function pickable(piece) {
    return owner(piece) === myColour() || Boolean(view.targets[piece]);
  }

  boardBox.addEventListener("click", function (event) {
    if (!view || !board.svg || busy) return;
    if (!canPlay()) return; // spectators and the side not to move only watch
    const hit = board.hit(board.point(event));
    if (!hit) {
      if (selected) deselect();
      return;
    }
    if (hit.hand) {
      if (hit.hand === selected) deselect();
      else if (pickable(hit.hand)) select(hit.hand);
      else say(w("not_your_piece"), true);
      return;
    }
    const cell = hit.cell;
    const top = board.topAt(cell);
    if (!selected) {
      if (top && pickable(top)) select(top);
      else if (top) say(w("not_your_piece"), true);
      else say(w("pick_first"), true);
      return;
    }
    if (top === selected) {
      deselect();
      return;
    }
    const targets = view.targets[selected] || {};
    if (targets[cell]) {
      send({ move: targets[cell] }, cell);
    } else if (top && owner(top) === myColour()) {
      select(top); // another of our pieces, not a target: pick that one instead
    } else {
      send({ piece: selected, to: cell }, cell);
    }
  });

  keyPiece.addEventListener("change", function () {
    if (!view || !canPlay()) return;
    if (keyPiece.value) select(keyPiece.value);
    else if (selected) deselect();
  });

  keysForm.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!view || !canPlay() || busy) return;
    const piece = keyPiece.value;
    if (!piece) {
      say(w("keys_pick_piece"), true);
      keyPiece.focus();
      return;
    }
    const move = (view.targets[piece] || {})[keyCell.value];
    if (!move) {
      say(w("keys_pick_cell"), true);
      keyCell.focus();
      return;
    }
    send({ move: move }, keyCell.value);
  });

  passButton.addEventListener("click", function () {
    if (canPlay() && view.pass && !busy) send({ move: view.pass }, null);
  });

  async function send(body, cell) {
    busy = true;
    say(w("sending"));
    const answer = await HT.api("POST", base + "/moves", Object.assign({
      token: held.token, ply: view.ply, lang: HT.lang }, body));
    busy = false;
    const data = answer.data || {};
    switch (answer.status) {
      case 200:
        hideIllegal();
        selected = null;
        say(w("played", { move: data.move || body.move || "" }));
        await loadView();
        return;
      case 422:
        say("");
        const ruleLink = document.getElementById("illegal-rule");
        ruleLink.textContent = w("rule_link", { rule: data.rule });
        // the rule on the rules page in the page's language (a new tab: the game stays)
        ruleLink.href = "/rules/" + HT.lang + "#" + encodeURIComponent(data.rule || "");
        document.getElementById("illegal-reason").textContent = data.reason || data.error || "";
        illegalBox.hidden = false;
        refused = cell;
        showMarks();
        return;
      case 400:
        say(w("bad_move", { error: data.error || "" }), true);
        return;
      case 403:
        say(w("not_your_seat"), true);
        return;
      case 409:
        say(w("stale"), true);
        await loadView();
        return;
      case 429:
        say(w("too_many"), true);
        return;
      default:
        say(answer.status === 0 ? w("network_error") : (data.error || String(answer.status)), true);
    }
  }

  // ------------------------------------------------------------------ the seat
  async function takeBlack() {
    const answer = await HT.api("POST", base + "/join", {});
    offerBox.hidden = true;
    if (answer.status === 200 && answer.data && answer.data.token) {
      held = { seat: answer.data.seat, token: answer.data.token };
      HT.keepSeat(gameId, held.seat, held.token);
    }
    await loadGame();
    await loadView();
  }

  document.getElementById("take-black").addEventListener("click", takeBlack);
  document.getElementById("just-watch").addEventListener("click", function () {
    offerBox.hidden = true;
    try {
      sessionStorage.setItem("hive_teach.watch." + gameId, "1");
    } catch (e) {
      // Without storage the offer comes back on reload; no harm.
    }
  });

  document.getElementById("copy").addEventListener("click", async function () {
    joinUrl.select();
    let done = false;
    try {
      await navigator.clipboard.writeText(joinUrl.value);
      done = true;
    } catch (e) {
      done = document.execCommand && document.execCommand("copy");
    }
    if (done) this.textContent = w("copied");
  });

  // ------------------------------------------------------------------ live updates
  function listen() {
    const source = new EventSource(base + "/events");
    source.addEventListener("update", function (event) {
      let ply = null;
      try {
        ply = JSON.parse(event.data).ply;
      } catch (e) {
        ply = null;
      }
      if (!view || ply !== view.plies) loadView();
      loadGame(); // a seat may have been taken
    });
    source.addEventListener("error", function () {
      // The browser reconnects by itself; the first update after that redraws the board.
      if (source.readyState === EventSource.CLOSED) setTimeout(listen, 3000);
    });
  }

  async function start() {
    await loadGame();
    if (!game) {
      statusBox.textContent = w("no_such_game", { id: gameId });
      return;
    }
    let watching = false;
    try {
      watching = sessionStorage.getItem("hive_teach.watch." + gameId) === "1";
    } catch (e) {
      watching = false;
    }
    if (!(held && held.token) && game.seats.black === "open" && !watching
        && !["WhiteWins", "BlackWins", "Draw"].includes(game.state)) {
      offerBox.hidden = false;
    }
    await loadView();
    listen();
  }

  start();
})();
