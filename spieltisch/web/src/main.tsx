// Routes (in the address's #fragment, so the server serves one page):
// #/ lobby, #/table/<id> a table, #/replay/<id> the replay of a finished game.

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { initialLang, texts, type Lang } from "./i18n";
import { Lobby } from "./lobby";
import { useSoundSetting } from "./notice";
import { ReplayPage } from "./replay";
import { TablePage } from "./table";
import "./style.css";

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

/** A bell, struck through when the sound is off (drawn, since fonts may lack the symbol). */
function Bell({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="icon">
      <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0" fill="none" stroke="currentColor" stroke-width="2" />
      {!on && <path d="M4 4 20 20" stroke="currentColor" stroke-width="2" />}
    </svg>
  );
}

function App() {
  const [lang, setLang] = useState<Lang>(initialLang());
  const [sound, setSound] = useSoundSetting();
  const hash = useHash();
  const t = texts(lang);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem("spieltisch:lang", lang);
  }, [lang]);
  const [, page, id] = hash.match(/^#\/(table|replay)\/([\w-]{1,32})/) ?? [];
  return (
    <>
      <nav class="top" aria-label={t("mainNav")}>
        <a href="#/" class="brand">
          spieltisch
        </a>
        <a href="#/">{t("lobby")}</a>
        <span class="spacer" />
        <button type="button" aria-pressed={sound} title={t("sound")} onClick={() => setSound(!sound)} data-testid="sound">
          <Bell on={sound} /> <span class="wide-only">{sound ? t("soundOn") : t("soundOff")}</span>
        </button>
        <button
          type="button"
          class="lang"
          lang={lang === "de" ? "en" : "de"}
          aria-label={t("languageName")}
          onClick={() => setLang(lang === "de" ? "en" : "de")}
        >
          {t("language")}
        </button>
      </nav>
      <main>
        {page === "table" && id ? (
          <TablePage key={id} id={id} t={t} lang={lang} sound={sound} />
        ) : page === "replay" && id ? (
          <ReplayPage key={id} id={id} t={t} lang={lang} />
        ) : (
          <Lobby t={t} lang={lang} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
