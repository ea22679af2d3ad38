"""Helpers for the browser tests: a page's width, touch targets, language and accessibility.

axe-core is the web client's dev dependency (spieltisch/web/node_modules), put
into the page under test; contexts that run it bypass the page's
Content-Security-Policy, which forbids inline scripts.
"""

from __future__ import annotations

import fcntl
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = Path("/usr/bin/chromium")
AXE = ROOT / "spieltisch" / "web" / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = ROOT / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
TARGET = 44

# English words that a German page must not show (German table, German labels).
# Words that German shares (Start, Level, Bot, Chat, Joker, Flush, Hand) are left out.
ENGLISH = re.compile(
    r"\b(the|and|your|you|seat|turn|cards?|draw|pile|discard|moved|player|players|score|points|round|"
    r"wins?|winners?|game|waiting|with|from|knock(ed|ing)?|offer|sum|rules|log|moves?|free|sound|"
    r"left|right|row|column|place|take|play|put|stop|back|keep|level down)\b",
    re.IGNORECASE,
)


WEB = ROOT / "spieltisch" / "web"


def ensure_node_modules() -> None:
    """npm ci in spieltisch/web when its packages are missing (once, however many test workers ask)."""
    with (Path(tempfile.gettempdir()) / "spieltisch-web-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        installed = WEB / "node_modules" / ".package-lock.json"
        lock_file = WEB / "package-lock.json"
        if not installed.exists() or installed.stat().st_mtime < lock_file.stat().st_mtime:
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)


def shoot(page: Any, name: str, full_page: bool = True) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


def sideways_overflow(page: Any) -> int:
    """How many pixels the page is wider than the window (0: no sideways scroll)."""
    width = "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    return int(page.evaluate(f"() => {width} - window.innerWidth"))


def overflow_culprits(page: Any) -> list[str]:
    """The innermost elements that widen the page: hiding one of them narrows it (for a failure message)."""
    found: list[str] = page.evaluate(
        """() => {
        const over = () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
          - window.innerWidth;
        const base = over();
        const out = [];
        for (const el of [...document.querySelectorAll('body *')].reverse()) {
          if (el.getBoundingClientRect().right <= window.innerWidth) continue;
          if (out.some((o) => el.contains(o.el))) continue;
          const display = el.style.display;
          el.style.display = 'none';
          const narrower = over() < base;
          el.style.display = display;
          const text = el.textContent.trim().slice(0, 40);
          if (narrower) out.push({ el, text: `${el.tagName.toLowerCase()}.${el.className} "${text}"` });
        }
        return out.map((o) => o.text);
      }"""
    )
    return found


def small_targets(page: Any) -> list[str]:
    """Visible controls smaller than 44 x 44 CSS pixels, described for a failure message."""
    found: list[str] = page.evaluate(
        """(size) => {
        const out = [];
        const controls = document.querySelectorAll(
          'button, a[href], select, input:not([type=hidden]), summary, textarea');
        for (const el of controls) {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
          if (box.width + 0.5 >= size && box.height + 0.5 >= size) continue;
          const name = (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30);
          const tag = `${el.tagName.toLowerCase()}.${el.className}`;
          out.push(`${tag} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
        return out;
      }""",
        TARGET,
    )
    return found


def english_on_page(page: Any) -> list[str]:
    """English words in the page's visible text and names, outside elements marked lang="en"."""
    text: str = page.evaluate(
        """() => {
        const parts = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          if (!el || el.closest('[lang=en], script, style') || !el.getClientRects().length) continue;
          parts.push(node.textContent);
        }
        for (const el of document.querySelectorAll('[aria-label], [title]')) {
          if (el.closest('[lang=en]')) continue;
          parts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
        }
        parts.push(document.title);
        return parts.join(' \\n ');
      }"""
    )
    return sorted({match.group(0) for match in ENGLISH.finditer(text)})


def serious_axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical findings on the page as it is now."""
    return axe_violations(page, ["serious", "critical"])


def axe_violations(page: Any, impacts: list[str]) -> list[dict[str, Any]]:
    """axe-core's findings of those impacts (minor, moderate, serious, critical) on the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (impacts) => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => impacts.includes(v.impact))
          .map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
          }));
      }""",
        impacts,
    )
    return found


TITLE_WATCH = """
window.titleSlips = [];
new MutationObserver(() => {
  const turn = document.querySelector('[data-testid=turn]');
  if (!turn) return;
  const notice = document.title.startsWith('\u25b6');
  if ((turn.dataset.status === 'finished' && notice) || (turn.classList.contains('mine') && !notice))
    window.titleSlips.push(`${turn.dataset.status} ${turn.className}: ${document.title}`);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""
"""Watches the tab's title from before the page's own scripts: after every change to the page
(in the same task, before the next paint) the title must say "your turn" exactly when the turn
banner does, never once the game is over. `title_slips` reads what it found."""


def watch_title(page: Any) -> None:
    """Records every moment the tab's title and the turn banner disagree (TITLE_WATCH)."""
    page.add_init_script(TITLE_WATCH)


def title_slips(page: Any) -> list[str]:
    """The moments since the page loaded when the title said otherwise than the banner."""
    slips: list[str] = page.evaluate("() => window.titleSlips")
    return slips


def check_page(page: Any, name: str, phone: bool) -> None:
    """What every page must be: accessible, without sideways scroll on a phone, with 44 px targets."""
    violations = serious_axe_violations(page)
    assert violations == [], (name, violations)
    if phone:
        assert sideways_overflow(page) <= 0, f"{name}: the page scrolls sideways"
    small = small_targets(page)
    assert small == [], (name, small)
