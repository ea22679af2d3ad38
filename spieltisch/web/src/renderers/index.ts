// Game-specific renderers plug in here by game name; every other game gets the
// generic one. A renderer reads only the view the server sent for this seat.

import { AllegraView } from "./allegra";
import { CalcoryView } from "./calcory";
import { GenericView } from "./generic";
import { Level8View } from "./level8";
import { LucandorView } from "./lucandor/index";
import { SouvenirsView } from "./souvenirs";
import type { Renderer } from "./types";

const renderers: Record<string, Renderer> = {
  allegra: AllegraView,
  calcory: CalcoryView,
  level8: Level8View,
  lucandor: LucandorView,
  souvenirs: SouvenirsView,
};

export function rendererFor(game: string): Renderer {
  return renderers[game] ?? GenericView;
}
