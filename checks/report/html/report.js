// The HTML report's script (compiled into coopcheck; see HtmlWriter.h). It draws each confirmed
// finding's grid from the legend's data attributes, one square per thread, blocks as panels and
// warps as rows, coloured by the legend's entries (where the threads ended, or after a barrier
// mismatch which barriers they passed how often); pointing at a legend entry highlights its
// threads. It marks the page for the browser test: data-rendered on <html> with the number of
// grids drawn once everything ran, or data-render-error and a visible #render-error on any error.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var CELL = 11, LABEL_WIDTH = 56, BLOCK_LABEL = 16, BLOCK_GAP = 18, MAX_WIDTH = 1100;
  var COLOURS = 10;

  function reportError(message) {
    var root = document.documentElement;
    if (root.hasAttribute("data-render-error")) return;
    root.setAttribute("data-render-error", String(message));
    var box = document.createElement("div");
    box.id = "render-error";
    box.textContent = "The report's script failed: " + message;
    document.body.insertBefore(box, document.body.firstChild);
  }
  window.addEventListener("error", function (event) { reportError(event.message); });

  function svg(name, attributes, text) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // "0-9 12-63" -> [[0, 9], [12, 63]]
  function runs(text) {
    return (text || "").split(" ").filter(Boolean).map(function (run) {
      return run.split("-").map(Number);
    });
  }

  // The legend entry (its data-end) of every thread of the grid, -1 where the witness says nothing.
  function owners(figure, threads, perBlock) {
    var owner = [];
    for (var i = 0; i < threads; ++i) owner.push(-1);
    figure.querySelectorAll("ul.legend li.group[data-block]").forEach(function (group) {
      var block = Number(group.dataset.block), drawn = 0;
      runs(group.dataset.ranks).forEach(function (run) {
        for (var rank = run[0]; rank <= run[1]; ++rank) {
          var thread = block * perBlock + rank;
          if (rank < perBlock && thread < threads) { owner[thread] = Number(group.dataset.end); ++drawn; }
        }
      });
      group.dataset.drawn = String(drawn);
    });
    return owner;
  }

  function endWords(figure) {
    var words = {};
    figure.querySelectorAll("ul.legend > li").forEach(function (end) {
      var where = end.querySelector(".where");
      words[end.dataset.end] = end.querySelector(".what").textContent +
        (where ? " at " + where.textContent : "");
    });
    return words;
  }

  function draw(figure) {
    var blocks = Number(figure.dataset.blocks), perBlock = Number(figure.dataset.threadsPerBlock);
    var warp = Number(figure.dataset.warpSize);
    var picture = figure.querySelector(".picture");
    picture.textContent = "";
    if (!(blocks > 0 && perBlock > 0 && warp > 0)) {
      picture.textContent = "The executor did not record the grid's shape: see the groups below.";
      return false;
    }
    var owner = owners(figure, blocks * perBlock, perBlock), words = endWords(figure);
    var lanes = Math.min(warp, perBlock), warps = Math.ceil(perBlock / warp);
    var blockWidth = LABEL_WIDTH + lanes * CELL + BLOCK_GAP;
    var blockHeight = BLOCK_LABEL + warps * CELL + BLOCK_GAP;
    var perRow = Math.max(1, Math.min(blocks, Math.floor(MAX_WIDTH / blockWidth)));
    perRow = Math.ceil(blocks / Math.ceil(blocks / perRow)); // balanced rows: 2x2, not 3+1
    var width = perRow * blockWidth, height = Math.ceil(blocks / perRow) * blockHeight;
    var image = svg("svg", { width: width, height: height, viewBox: "0 0 " + width + " " + height,
      role: "img", "aria-label": figure.querySelector("figcaption").textContent });
    var unrecorded = 0;
    for (var block = 0; block < blocks; ++block) {
      var x0 = (block % perRow) * blockWidth, y0 = Math.floor(block / perRow) * blockHeight;
      image.appendChild(svg("text", { x: x0, y: y0 + 11, "font-weight": "bold" }, "block " + block));
      for (var w = 0; w < warps; ++w) {
        var y = y0 + BLOCK_LABEL + w * CELL;
        image.appendChild(svg("text", { x: x0, y: y + CELL - 1 }, "warp " + w));
        for (var lane = 0; lane < lanes && w * warp + lane < perBlock; ++lane) {
          var rank = w * warp + lane, end = owner[block * perBlock + rank];
          var cell = svg("rect", { x: x0 + LABEL_WIDTH + lane * CELL, y: y, width: CELL, height: CELL,
            "class": "thread" + (end < 0 ? "" : " c" + (end % COLOURS)), "data-end": end });
          cell.appendChild(svg("title", {}, "block " + block + ", thread " + rank + " (warp " + w +
            ", lane " + lane + "): " + (end < 0 ? "not recorded" : words[end])));
          image.appendChild(cell);
          if (end < 0) ++unrecorded;
        }
      }
    }
    picture.appendChild(image);
    if (unrecorded) {
      var note = document.createElement("p");
      note.className = "unrecorded";
      note.textContent = unrecorded + " threads in grey: the witness does not say where they ended.";
      picture.appendChild(note);
    }
    highlightOnHover(figure, picture);
    return true;
  }

  function highlightOnHover(figure, picture) {
    figure.querySelectorAll("ul.legend > li").forEach(function (end) {
      end.addEventListener("mouseenter", function () {
        picture.classList.add("focused");
        picture.querySelectorAll('rect[data-end="' + end.dataset.end + '"]').forEach(function (cell) {
          cell.classList.add("focus");
        });
      });
      end.addEventListener("mouseleave", function () {
        picture.classList.remove("focused");
        picture.querySelectorAll("rect.focus").forEach(function (cell) { cell.classList.remove("focus"); });
      });
    });
  }

  try {
    var drawn = 0;
    document.querySelectorAll("figure.witness").forEach(function (figure) { if (draw(figure)) ++drawn; });
    document.documentElement.setAttribute("data-rendered", String(drawn));
  } catch (error) {
    reportError(error && error.message ? error.message : String(error));
  }
})();
