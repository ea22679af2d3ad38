// The wardrobe: storeys down, sections across (compartments with their floor
// places and stacks, rods, drawers, free drawer slots, the section behind the
// sliding door hatched), beside it the scoring slots spanning the storeys they
// cover, with their locks, and what each storey scores per colour.
//
// Every click is a legal move found by its struct: a floor place, rod or
// drawer is `put`, a garment `take`, a whole cell `drawer` or `drawer_slot`,
// a section's head `door`, a scoring slot `slot`.

import type { ComponentChildren } from "preact";
import type { Move, Seat } from "../../api";
import { Chip } from "../../cards";
import type { T } from "../../i18n";
import { findMove } from "../../moves";
import { useNarrow } from "../../narrow";
import { Act } from "../parts";
import { LockMark, Piece, SlotCard } from "./pieces";
import { fill, type Lang, type LucandorMoveData, type Tables, type Words } from "./tables";

export interface WardrobeProps {
  content: number[][][];
  drawers: [number, number[]][];
  door: number;
  slots: number[];
  oldSlots: number[];
  lockOwner: number[];
  lockLevel: number[];
  fresh: (card: number) => boolean;
  tables: Tables;
  legal: Move<LucandorMoveData>[];
  onMove: (id: number) => void;
  seats: Seat[];
  t: T;
  lang: Lang;
  w: Words;
}

/** The whole wardrobe in one table, or on a phone one table per section and one for the scoring slots. */
export function Wardrobe(props: WardrobeProps) {
  const sections = props.tables.ref.wardrobe.sections.map((_s, section) => section);
  const parts = useNarrow() ? [...sections.map((section) => ({ sections: [section], slots: false })), { sections: [], slots: true }] : [{ sections, slots: true }];
  return (
    <div class="lu-wardrobe-box" tabIndex={0} role="group" aria-label={props.w.wardrobe}>
      {parts.map((part, index) => (
        <WardrobeTable key={index} {...props} sections={part.sections} withSlots={part.slots} />
      ))}
    </div>
  );
}

function WardrobeTable(props: WardrobeProps & { sections: number[]; withSlots: boolean }) {
  const { content, drawers, door, slots, oldSlots, lockOwner, lockLevel, tables, legal, onMove, seats, t, lang, w, sections, withSlots } = props;
  const { wardrobe } = tables.ref;
  const shown = slots.map((value) => tables.slotCard(value));
  const storeyValues = wardrobe.storeys.map((_s, storey) => {
    const values = new Map<number, number>();
    wardrobe.slots.forEach((covered, slot) => {
      if (!covered.includes(storey) || !shown[slot]) return;
      for (const colour of shown[slot].colours) values.set(colour, (values.get(colour) ?? 0) + shown[slot].points);
    });
    return [...values.entries()].sort((a, b) => a[0] - b[0]);
  });
  const drawerAt = new Map(drawers.map(([cell, items]) => [cell, items]));
  return (
      <table class="lu-wardrobe" aria-label={w.wardrobe}>
        <thead>
          <tr>
            <td />
            {sections.map((section) => {
              const name = tables.sectionName(section, lang);
              const move = findMove(legal, "door", { section });
              return (
                <th key={section} scope="col" class={section === door ? "door" : undefined} data-section={section}>
                  <Act move={move} onMove={onMove} label={fill(w.doorTo, { section: name })}>
                    <span>
                      {name}
                      {section === door && <span class="lu-door-label">{w.door}</span>}
                    </span>
                  </Act>
                  {section === door && (
                    <LockMark owner={lockOwner[tables.doorLock] ?? -1} level={lockLevel[tables.doorLock] ?? 0} seats={seats} t={t} w={w} />
                  )}
                </th>
              );
            })}
            {withSlots && shown.map((_s, slot) => (
              <th key={slot} scope="col" class="lu-slot-head">
                {w.slot} {slot + 1}
              </th>
            ))}
            {withSlots && <th scope="col">{w.scoresHere}</th>}
          </tr>
        </thead>
        <tbody>
          {wardrobe.storeys.map(({ kind }, storey) => (
            <tr key={storey} class={kind}>
              <th scope="row">{storey + 1}</th>
              {sections.map((section) => {
                const cell = storey * tables.sections + section;
                return (
                  <td key={section} class={"lu-cell" + (section === door ? " behind-door" : "")} data-cell={cell} data-name={tables.cellName(cell, lang)}>
                    <Cell {...props} cell={cell} drawer={drawerAt.get(cell)} places={content[cell] ?? []} />
                  </td>
                );
              })}
              {withSlots && wardrobe.slots.map((covered, slot) => {
                if (covered[0] !== storey) return covered.includes(storey) ? null : <td key={slot} class="lu-gap" />;
                const card = shown[slot];
                const value = slots[slot] ?? -1;
                const title = card
                  ? `${w.slot} ${slot + 1}: ${card.colours.map((c) => tables.colourName(c, lang)).join("/")} ${card.points}${card.start ? ` (${w.start})` : ""}`
                  : "";
                return (
                  <td key={slot} rowSpan={covered.length} class="lu-slot" data-slot={slot}>
                    <Act move={findMove(legal, "slot", { slot })} onMove={onMove} label={fill(w.slotHere, { n: slot + 1 })}>
                      <div class={"lu-slot-card" + (value !== oldSlots[slot] ? " changed" : "")}>
                        {card && <SlotCard colours={card.colours} points={card.points} title={title} tables={tables} />}
                        <small>
                          {w.storeys} {covered[0]! + 1}–{covered[covered.length - 1]! + 1}
                          {card?.start ? ` · ${w.start}` : ""}
                        </small>
                        <LockMark owner={lockOwner[slot] ?? -1} level={lockLevel[slot] ?? 0} seats={seats} t={t} w={w} />
                      </div>
                    </Act>
                  </td>
                );
              })}
              {withSlots && <td class="lu-values">
                {storeyValues[storey]!.map(([colour, points]) => (
                  <span key={colour} class="lu-value">
                    <Chip colour={tables.suit(colour)} title={`${tables.colourName(colour, lang)} ${points}`} size={16} />
                    {points}
                  </span>
                ))}
              </td>}
            </tr>
          ))}
        </tbody>
      </table>
  );
}

interface CellProps extends WardrobeProps {
  cell: number;
  drawer: number[] | undefined;
  places: number[][];
}

/** One cell: a rod, a drawer or a compartment's floor places; the whole cell is one button when a move takes it whole. */
function Cell(props: CellProps) {
  const { cell, drawer, places, tables, legal, onMove, fresh, lang, w } = props;
  const storey = Math.floor(cell / tables.sections);
  const { wardrobe } = tables.ref;
  const cellName = tables.cellName(cell, lang);
  const whole = findMove(legal, "drawer", { cell }) ?? findMove(legal, "drawer_slot", { cell });
  const wholeLabel = whole?.move.kind === "drawer" ? `${w.moveDrawer}: ${cellName}` : `${w.drawerHere}: ${cellName}`;
  // No buttons inside the cell's own button.
  const inner = whole ? [] : legal;
  const take = (place: number, level: number) => findMove(inner, "take", { cell, place, level });
  const items = (list: number[], capacity: number) => {
    const used = list.reduce((sum, card) => sum + tables.units(card), 0);
    return (
      <div class="lu-items">
        {list.map((card, level) => (
          <Act key={level} move={take(0, level)} onMove={onMove} label={fill(w.take, { card: tables.cardName(card, lang) })} data={{ take: `0:${level}` }}>
            <Piece card={card} tables={tables} lang={lang} fresh={fresh(card)} />
          </Act>
        ))}
        <span class="lu-used">
          {used}/{capacity}
        </span>
      </div>
    );
  };
  const container = (kind: string, label: string, body: ComponentChildren) => {
    const put = findMove(inner, "put", { cell, place: 0 });
    return (
      <Act move={put} onMove={onMove} class="lu-whole" label={put ? fill(w.putHere, { card: tables.cardName(put.move.card, lang), place: cellName }) : undefined}>
        <div class={kind}>
          <span class="lu-kind">{label}</span>
          {body}
        </div>
      </Act>
    );
  };
  let body: ComponentChildren;
  if (wardrobe.storeys[storey]?.kind === "rod") body = container("lu-rod", w.rod, items(places[0] ?? [], wardrobe.rod_units));
  else if (drawer) body = container("lu-drawer", w.drawer, items(drawer, wardrobe.drawer_units));
  else
    body = (
      <div class={"lu-places" + (wardrobe.storeys[storey]?.shoes ? " shoes" : "")}>
        {places.map((stack, place) => {
          const put = findMove(inner, "put", { cell, place });
          const where = `${cellName}, ${w.place} ${place + 1}`;
          return (
            <div key={place} class="lu-place" data-place={place}>
              <Act move={put} onMove={onMove} class="lu-put" label={put ? fill(w.putHere, { card: tables.cardName(put.move.card, lang), place: where }) : undefined}>
                <div class="lu-stack">
                  {stack.length === 0 && <span class="lu-empty">{place + 1}</span>}
                  {[...stack].reverse().map((card, back) => {
                    const level = stack.length - 1 - back;
                    return (
                      <Act
                        key={level}
                        move={put ? undefined : take(place, level)}
                        onMove={onMove}
                        label={fill(w.take, { card: tables.cardName(card, lang) })}
                        data={{ take: `${place}:${level}` }}
                      >
                        <Piece card={card} tables={tables} lang={lang} fresh={fresh(card)} />
                      </Act>
                    );
                  })}
                </div>
              </Act>
            </div>
          );
        })}
        {tables.drawerSlots.has(cell) && (
          <span class="lu-slot-mark" title={w.drawerSlot}>
            ▭
          </span>
        )}
      </div>
    );
  return (
    <Act move={whole} onMove={onMove} class="lu-whole" label={whole ? wholeLabel : undefined}>
      {body}
    </Act>
  );
}
