// Game-specific renderers plug in here by game name; every other game gets the
// generic one. A renderer reads only the view the server sent for this seat.

import { AllegraView } from "./allegra";
import { CalcoryView } from "./calcory";
import { GenericView } from "./generic";
import { Level8View } from "./level8";
import { LucandorView } from "./lucandor/index";
import { SouvenirsView } from "./souvenirs";
import { gameTable, type Renderer } from "./types";

const renderers: Record<string, Renderer> = {
  allegra: gameTable(AllegraView),
  calcory: gameTable(CalcoryView),
  level8: gameTable(Level8View),
  lucandor: gameTable(LucandorView),
  souvenirs: gameTable(SouvenirsView),
};

export function rendererFor(game: string): Renderer {
  return renderers[game] ?? GenericView;
}
