/// The HTML report's inline stylesheet and script (constant: nothing from a run goes in them).
enum HTMLReportAssets {
    static let css = """
    body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 1rem 2rem; color: #1f2328; }
    h1 { font-size: 1.4rem; margin: .8rem 0 .2rem; }
    .lead { margin: 0 0 .6rem; color: #57606a; }
    code, pre { font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
    table { border-collapse: collapse; }
    .totals th, .totals td { border: 1px solid #d0d7de; padding: 2px 8px; text-align: left; }
    .totals td.num { text-align: right; font-variant-numeric: tabular-nums; }
    #filters { margin: .6rem 0; }
    #filters fieldset { display: inline-block; border: 1px solid #d0d7de; margin: 0 .5rem .3rem 0; padding: .2rem .6rem; }
    #filters label { margin-right: .7rem; white-space: nowrap; padding: 0 3px; border-radius: 3px; }
    #filters button { margin-left: .3rem; }
    .shown { margin: .2rem 0; } .hint { color: #57606a; font-size: 12px; }
    #matrix { width: 100%; table-layout: auto; }
    #matrix thead th { position: sticky; top: 0; background: #f6f8fa; z-index: 1; border-bottom: 2px solid #8c959f; }
    #matrix th, #matrix td { border: 1px solid #d8dee4; padding: 1px 6px; vertical-align: top; }
    #matrix tbody tr > th { text-align: left; font-weight: normal; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace;
      font-size: 12px; word-break: break-all; }
    #matrix th.case { width: 40%; text-align: left; }
    #matrix td { text-align: center; white-space: nowrap; font-size: 12px; }
    #matrix .tot { font-weight: normal; font-size: 12px; color: #57606a; }
    tbody.group { content-visibility: auto; contain-intrinsic-size: auto 200px; }
    tbody.contract th { background: #24292f; color: #fff; font-size: 14px; font-weight: bold !important; font-family: inherit !important; }
    tr.gsum > th { background: #eaeef2; font-weight: bold !important; }
    tr.gsum > td { font-weight: bold; }
    .count { font-weight: normal; color: #57606a; } tbody.contract .count { color: #d0d7de; }
    .breaks { color: #a40e26; font-weight: normal; }
    .g-ok { background: #dafbe1; } .g-bad { background: #ffcecb; color: #82071e; } .g-known { background: #e9e1f7; } .g-none { background: #eaeef2; }
    .s-pass { background: #dafbe1; color: #1a7f37; }
    .s-fail { background: #ffcecb; color: #82071e; }
    .s-crash { background: #ff8182; color: #4c0010; font-weight: bold; }
    .s-timeout { background: #ffd8b5; color: #762c00; }
    .s-xfail { background: #e9e1f7; color: #512a97; }
    .s-xpass { background: #fff8c5; color: #7d4e00; }
    .s-skip, .s-unavailable, .s-abandoned { background: #eaeef2; color: #57606a; }
    .s-unavailable, .s-abandoned { background: repeating-linear-gradient(45deg, #eaeef2 0 6px, #d8dee4 6px 12px); }
    #matrix details { text-align: left; white-space: normal; }
    #matrix summary { cursor: pointer; text-align: center; }
    #matrix details[open] { min-width: 28rem; }
    .d { text-align: left; color: #1f2328; background: #fff; border: 1px solid #d0d7de; padding: 4px 6px; margin: 2px 0; font-weight: normal; }
    .d pre { white-space: pre-wrap; word-break: break-all; margin: 0 0 4px; background: #f6f8fa; padding: 2px 4px; max-height: 16rem; overflow: auto; }
    .d ul { margin: 0; padding-left: 1.2rem; font: 12px ui-monospace, "DejaVu Sans Mono", Menlo, monospace; word-break: break-all; }
    .d .file { margin: 0 0 4px; color: #57606a; font-size: 11px; word-break: break-all; }
    .load-errors { border: 2px solid #cf222e; padding: 0 .8rem; margin: .6rem 0; }
    .load-errors h2 { font-size: 1rem; color: #cf222e; }
    .pre { color: #8c959f; }
    tr.gsum > th { cursor: pointer; }
    tr.gsum > th::before { content: "▾ "; color: #57606a; }
    tbody.folded tr.gsum > th::before { content: "▸ "; }
    tbody.folded tr[data-s] { display: none; }
    [hidden] { display: none !important; }

    """

    /// Filtering and deep links, no server needed. The URL fragment holds the view:
    /// `#status=fail,crash&impl=0,2&open=c-12-1` (impl: column indexes; open: a failing cell's id).
    static let script = """
    (function () {
      "use strict";
      var table = document.getElementById("matrix");
      var statusBoxes = document.querySelectorAll("#filters input[data-status]");
      var columnBoxes = document.querySelectorAll("#filters input[data-col]");
      var rows = table.querySelectorAll("tr[data-s]");
      var rowStatuses = [];
      for (var r = 0; r < rows.length; r++) rowStatuses.push(rows[r].getAttribute("data-s").split(" "));
      function checkedSet(boxes, attribute) {
        var set = {};
        for (var i = 0; i < boxes.length; i++) if (boxes[i].checked) set[boxes[i].getAttribute(attribute)] = true;
        return set;
      }
      function apply(updateHash) {
        var statuses = checkedSet(statusBoxes, "data-status"), columns = checkedSet(columnBoxes, "data-col");
        var hidden = [];
        for (var c = 0; c < columnBoxes.length; c++) if (!columns[String(c)]) hidden.push("h" + c);
        table.className = hidden.join(" ");
        var shown = 0;
        for (var r = 0; r < rows.length; r++) {
          var cells = rowStatuses[r], visible = false;
          for (var k = 0; k < cells.length && !visible; k++) visible = !!(columns[String(k)] && statuses[cells[k]]);
          rows[r].hidden = !visible;
          if (visible) shown++;
        }
        var groups = table.querySelectorAll("tbody.group"), contractsShown = {};
        for (var g = 0; g < groups.length; g++) {
          var any = groups[g].querySelector("tr[data-s]:not([hidden])") !== null;
          groups[g].hidden = !any;
          if (any) contractsShown[groups[g].getAttribute("data-contract")] = true;
        }
        var heads = table.querySelectorAll("tbody.contract");
        for (var h = 0; h < heads.length; h++) heads[h].hidden = !contractsShown[heads[h].getAttribute("data-contract")];
        document.getElementById("shown").textContent = String(shown);
        if (updateHash) writeHash();
      }
      function list(boxes, attribute) {
        var out = [];
        for (var i = 0; i < boxes.length; i++) if (boxes[i].checked) out.push(boxes[i].getAttribute(attribute));
        return out.length === boxes.length ? null : out.join(",");
      }
      function writeHash() {
        var parts = [], s = list(statusBoxes, "data-status"), c = list(columnBoxes, "data-col");
        if (s !== null) parts.push("status=" + s);
        if (c !== null) parts.push("impl=" + c);
        try { history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search); } catch (error) {}
      }
      function readHash() {
        var params = {}, text;
        try { text = decodeURIComponent(location.hash.replace(/^#/, "")); } catch (error) { text = ""; }
        text.split("&").forEach(function (pair) {
          var at = pair.indexOf("=");
          if (at > 0) params[pair.slice(0, at)] = pair.slice(at + 1).split(",");
        });
        function setBoxes(boxes, attribute, values) {
          for (var i = 0; i < boxes.length; i++) boxes[i].checked = !values || values.indexOf(boxes[i].getAttribute(attribute)) >= 0;
        }
        setBoxes(statusBoxes, "data-status", params.status);
        setBoxes(columnBoxes, "data-col", params.impl);
        apply(false);
        if (params.open) {
          var cell = document.getElementById(params.open[0]);
          if (cell && cell.tagName === "DETAILS") {
            cell.open = true;
            var row = cell.closest("tr");
            if (row) { row.hidden = false; row.parentNode.hidden = false; row.parentNode.classList.remove("folded"); }
            // Scroll only when the cell's own line is out of sight (not merely its details).
            var box = cell.getBoundingClientRect();
            if (box.top < 0 || box.top > window.innerHeight - 40) cell.scrollIntoView({ block: "center" });
          }
        }
      }
      function setAll(check) {
        for (var i = 0; i < statusBoxes.length; i++) statusBoxes[i].checked = check(statusBoxes[i].getAttribute("data-status"));
        apply(true);
      }
      document.getElementById("filters").addEventListener("change", function () { apply(true); });
      document.getElementById("problems").addEventListener("click", function () {
        setAll(function (s) { return s !== "pass" && s !== "skip" && s !== "xfail"; });
      });
      document.getElementById("everything").addEventListener("click", function () {
        for (var i = 0; i < columnBoxes.length; i++) columnBoxes[i].checked = true;
        setAll(function () { return true; });
      });
      function fold(folded) {
        var groups = table.querySelectorAll("tbody.group");
        for (var i = 0; i < groups.length; i++) groups[i].classList.toggle("folded", folded);
      }
      document.getElementById("fold").addEventListener("click", function () { fold(true); });
      document.getElementById("unfold").addEventListener("click", function () { fold(false); });
      table.addEventListener("click", function (event) {
        var head = event.target.closest ? event.target.closest("tr.gsum > th") : null;
        if (head) head.parentNode.parentNode.classList.toggle("folded");
      });
      window.addEventListener("hashchange", readHash);
      readHash();
      document.body.setAttribute("data-ready", "true");
    })();

    """
}
