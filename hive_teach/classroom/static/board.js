// The board as the server draws it (the kit's SVG), and the page's own marks over it: the
// selected piece, its targets in green, a refused cell in red. Shared by the game page and
// the teacher's replay. The positions come with the view: cell and hand-tile centres in the
// SVG's viewBox units and the hex radius.
"use strict";

(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const HT = window.HT;

  HT.Board = function (container, label) {
    this.container = container;
    this.label = label;
    this.svg = null;
    this.overlay = null;
    this.view = null;
  };

  HT.Board.prototype.show = function (view) {
    this.view = view;
    this.container.innerHTML = view.svg;
    const svg = this.container.querySelector("svg");
    // The viewBox stays, so the board scales to the room the page gives it.
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    // The server's SVG names itself (its aria-label, <title> and <desc>: the pieces and
    // marks in words); the page's label is for a board without one.
    if (this.label && !svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", this.label);
    this.svg = svg;
    this.overlay = document.createElementNS(SVGNS, "g");
    this.overlay.setAttribute("class", "ht-overlay");
    svg.appendChild(this.overlay);
  };

  // A click's point in the SVG's viewBox units.
  HT.Board.prototype.point = function (event) {
    const p = this.svg.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(this.svg.getScreenCTM().inverse());
  };

  // What a point hits: {hand: piece} for a tile in a hand, {cell: name} for a board cell,
  // or null. Hand tiles are drawn smaller than board cells.
  HT.Board.prototype.hit = function (p) {
    const v = this.view;
    const r = v.radius;
    let best = null;
    let bestD = Infinity;
    for (const [piece, [x, y]] of Object.entries(v.hand || {})) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < 0.8 * r && d < bestD) {
        best = { hand: piece };
        bestD = d;
      }
    }
    if (best) return best;
    for (const [cell, [x, y]] of Object.entries(v.cells || {})) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < r && d < bestD) {
        best = { cell: cell };
        bestD = d;
      }
    }
    return best;
  };

  // The top piece on a cell, or null.
  HT.Board.prototype.topAt = function (cell) {
    const stack = (this.view.stacks || {})[cell];
    return stack && stack.length ? stack[stack.length - 1] : null;
  };

  // Where a piece is drawn: its cell's centre (on top of a stack) or its hand tile's.
  HT.Board.prototype.where = function (piece) {
    for (const [cell, stack] of Object.entries(this.view.stacks || {})) {
      if (stack.length && stack[stack.length - 1] === piece) {
        return { cell: cell, xy: this.view.cells[cell], size: 1 };
      }
    }
    const tile = (this.view.hand || {})[piece];
    return tile ? { hand: piece, xy: tile, size: 0.72 } : null;
  };

  HT.Board.prototype.clear = function () {
    if (this.overlay) this.overlay.replaceChildren();
  };

  // A hexagon (pointy top) of the given kind at the centre xy.
  HT.Board.prototype.mark = function (kind, xy, size, cell) {
    const r = this.view.radius * size;
    const points = [];
    for (let i = 0; i < 6; i++) {
      const a = ((90 - 60 * i) * Math.PI) / 180;
      points.push((xy[0] + r * Math.cos(a)).toFixed(1) + "," + (xy[1] - r * Math.sin(a)).toFixed(1));
    }
    const hex = document.createElementNS(SVGNS, "polygon");
    hex.setAttribute("points", points.join(" "));
    hex.setAttribute("class", kind);
    hex.setAttribute("stroke-width", (this.view.radius * 0.11).toFixed(1));
    if (cell) hex.dataset.cell = cell;
    this.overlay.appendChild(hex);
    return hex;
  };

  // The moves so far, numbered, the one at `upto` (a ply) marked.
  HT.showMoves = function (list, moves, upto) {
    if (!moves.length) {
      list.replaceChildren(HT.el("li", { class: "none" }, HT.w("no_moves")));
      return;
    }
    list.replaceChildren(...moves.map((m, i) =>
      HT.el("li", { class: i + 1 === upto ? "current" : null, "data-ply": String(i + 1) }, m)));
    const current = list.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
  };

  HT.isOver = function (view) {
    return ["WhiteWins", "BlackWins", "Draw"].includes(view.state);
  };
})();
