// @vitest-environment happy-dom
// The tab's title and what the client does when the server closes the connection.

import { readFileSync } from "node:fs";
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { CloseCode } from "../src/closecodes";
import { QUIET_ICON, useTurnNotice } from "../src/notice";
import { afterClose } from "../src/socket";

function Turn({ mine }: { mine: boolean }) {
  useTurnNotice("ALLEGRA", mine, "Your turn", false);
  return <p>{mine ? "your turn" : "game over"}</p>;
}

describe("the tab's title", () => {
  it("changes in the same render as the page, so it never says 'Your turn' after the end", () => {
    const root = document.createElement("div");
    render(<Turn mine={true} />, root);
    expect(document.title).toBe("▶ Your turn · ALLEGRA");
    render(<Turn mine={false} />, root);
    expect(root.textContent).toBe("game over");
    expect(document.title).toBe("ALLEGRA · spieltisch");
    render(null, root);
    expect(document.title).toBe("spieltisch");
  });
});

describe("the tab's icon", () => {
  it("is the page's own icon (src/icon.svg) while it is not your turn", () => {
    const file = readFileSync(`${import.meta.dirname}/../src/icon.svg`, "utf-8").trim();
    expect(decodeURIComponent(QUIET_ICON.replace("data:image/svg+xml,", ""))).toBe(file);
  });
});

describe("after the server closes", () => {
  it("stops for a table that does not exist", () => {
    expect(afterClose(CloseCode.NO_TABLE)).toBe("stop");
  });

  it("waits the longest when refused for now, and reconnects after anything else", () => {
    expect(afterClose(CloseCode.TRY_AGAIN_LATER)).toBe("later");
    for (const code of [CloseCode.SERVICE_RESTART, CloseCode.TOO_SLOW, CloseCode.NO_HELLO, 1006])
      expect(afterClose(code)).toBe("retry");
  });
});
