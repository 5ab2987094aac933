// What every classroom page shares: its words, the language it remembers, the seats this
// browser holds, and calls to the JSON API. Plain JavaScript, nothing to install.
"use strict";

(function () {
  const HT = (window.HT = {});
  HT.lang = document.documentElement.lang || "en";
  // The kit's languages (its locale folders), as the server lists them on the page.
  const listed = document.querySelector('meta[name="hive-teach-languages"]');
  HT.languages = (listed ? listed.content : HT.lang).split(" ");

  // The language: ?lang= wins and is remembered; a page opened without it comes back in the
  // language chosen last (a link shared by a German pupil opens in the reader's language).
  const LANG_KEY = "hive_teach.lang";
  try {
    const asked = new URLSearchParams(location.search).get("lang");
    const kept = localStorage.getItem(LANG_KEY);
    if (asked && HT.languages.includes(asked)) {
      localStorage.setItem(LANG_KEY, asked);
    } else if (kept && kept !== HT.lang && HT.languages.includes(kept)) {
      const url = new URL(location.href);
      url.searchParams.set("lang", kept);
      location.replace(url.toString());
    }
  } catch (e) {
    // No storage (a private window that refuses it): the page's language stays.
  }

  let words = null;
  HT.words = function () {
    if (words === null) {
      words = JSON.parse(document.getElementById("words").textContent);
    }
    return words;
  };

  // The word `key`, its {placeholders} filled from `values`.
  HT.w = function (key, values) {
    const text = HT.words()[key];
    if (text === undefined) return key;
    return text.replace(/\{(\w+)\}/g, (all, name) =>
      values && values[name] !== undefined ? String(values[name]) : all);
  };

  HT.sideName = function (seat) {
    return HT.w(seat === "black" ? "black" : "white");
  };

  // "Soldier Ant wA1": a child knows the bug, the kit's name tells which one.
  HT.pieceName = function (piece) {
    const bug = HT.words()["bug_" + piece.charAt(1)];
    return bug ? bug + " " + piece : piece;
  };

  // The seats this browser holds: {gameId: {seat, token}}, kept across closing the tab.
  const SEATS_KEY = "hive_teach.seats";
  function readSeats() {
    try {
      return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
    } catch (e) {
      return {};
    }
  }
  HT.seat = function (gameId) {
    const held = readSeats()[gameId];
    return held && typeof held.seat === "string" ? held : null;
  };
  HT.keepSeat = function (gameId, seat, token) {
    const seats = readSeats();
    seats[gameId] = { seat: seat, token: token || null };
    try {
      localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
    } catch (e) {
      // Storage full or refused: the seat lasts as long as the page.
    }
  };

  // A call to the API: resolves to {status, data} (data null when the answer is no JSON);
  // status 0 when the server cannot be reached.
  HT.api = async function (method, url, body) {
    const options = { method: method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (e) {
      return { status: 0, data: null };
    }
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      data = null;
    }
    return { status: response.status, data: data, headers: response.headers };
  };

  HT.el = function (tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== null && v !== undefined) e.setAttribute(k, v);
    }
    if (text !== undefined) e.textContent = text;
    return e;
  };

  HT.withLang = function (path) {
    return path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(HT.lang);
  };

  HT.stateWord = function (game) {
    const over = { WhiteWins: "state_white_wins", BlackWins: "state_black_wins", Draw: "state_draw" };
    if (over[game.state]) return HT.w(over[game.state]);
    if (game.seats && game.seats.black === "open") return HT.w("state_open");
    return HT.w("state_live");
  };
})();
