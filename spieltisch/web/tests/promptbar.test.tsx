// @vitest-environment happy-dom
// Which clicks on the board the prompt refuses, and with which reason.

import { describe, expect, it } from "vitest";
import type { Prompt } from "../src/prompt";
import { refusalOf } from "../src/promptbar";

function board(html: string): HTMLElement {
  document.body.innerHTML = `<div data-testid="board">${html}</div><p id="outside" class="card">x</p>`;
  return document.body;
}

const drawing: Prompt = { text: "Draw a card.", refusal: "Draw first.", select: false, step: "l8Draw" };
const playing: Prompt = { ...drawing, refusal: "Not now.", select: true, step: "l8End" };

describe("refused clicks", () => {
  it("refuses selecting a hand card where none is played, but not deselecting one", () => {
    const page = board(`<button class="cell-move pick" aria-pressed="false" id="a"><svg class="card"></svg></button>
      <button class="cell-move pick" aria-pressed="true" id="b"></button>`);
    const card = page.querySelector("#a svg")!;
    expect(refusalOf(card, drawing)).toBe("Draw first.");
    expect(refusalOf(card, playing)).toBeNull();
    expect(refusalOf(page.querySelector("#b")!, drawing)).toBeNull();
  });

  it("refuses a card that is no button now, and leaves buttons, aids and the page outside the board alone", () => {
    const page = board(`<span class="cards"><svg class="card" id="laid"></svg></span>
      <button id="stock"><svg class="card back"></svg></button>
      <button id="off" disabled><svg class="card"></svg></button>
      <section class="aids"><details><summary id="fold">aid</summary></details></section>
      <p id="empty">felt</p>`);
    expect(refusalOf(page.querySelector("#laid")!, playing)).toBe("Not now.");
    expect(refusalOf(page.querySelector("#off svg")!, playing)).toBe("Not now.");
    expect(refusalOf(page.querySelector("#stock svg")!, playing)).toBeNull();
    expect(refusalOf(page.querySelector("#fold")!, playing)).toBeNull();
    expect(refusalOf(page.querySelector("#empty")!, playing)).toBeNull();
    expect(refusalOf(page.querySelector("#outside")!, playing)).toBeNull();
  });
});
