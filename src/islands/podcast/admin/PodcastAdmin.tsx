import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '~/islands/shared/Field';
import { EpisodeEditor } from './EpisodeEditor';
import { EpisodeList } from './EpisodeList';
import './podcastAdmin.css';

type View = { name: 'list' } | { name: 'new'; key: number } | { name: 'edit'; id: string };

/** The page address says what is shown, so Back and a shared link both work: #new, #edit/<id>, else the list. */
function viewOf(hash: string): View {
  if (hash === '#new') return { name: 'new', key: Date.now() };
  const edit = /^#edit\/([0-9a-f-]{36})$/i.exec(hash);
  return edit?.[1] ? { name: 'edit', id: edit[1] } : { name: 'list' };
}

/**
 * The view the page address names, followed as it changes (Back, Forward, the page's own #links),
 * and the notice shown over the list, which a new view clears. `root` holds the links to follow.
 */
function useHashView() {
  const [view, setView] = useState<View>(() => viewOf(window.location.hash));
  const [notice, setNotice] = useState<string | undefined>();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onHash = () => {
      setNotice(undefined);
      setView(viewOf(window.location.hash));
    };
    // Astro's client router takes over same-page links and moves to a #fragment without a
    // hashchange event: the links of this page (#new, #edit/<id>) are followed here instead.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      if (event.shiftKey || event.altKey) return;
      event.preventDefault();
      window.history.pushState(window.history.state, '', link.getAttribute('href') ?? '#');
      onHash();
    };
    const container = root.current;
    window.addEventListener('hashchange', onHash);
    window.addEventListener('popstate', onHash);
    container?.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('popstate', onHash);
      container?.removeEventListener('click', onClick);
    };
  }, []);
  return { view, setView, root, notice, setNotice };
}

/** /admin/podcastupdate: the list of episodes, and the form that creates or edits one. */
export function PodcastAdmin() {
  const { view, setView, root, notice, setNotice } = useHashView();

  // A new view starts at its heading, for keyboard and screen-reader users alike.
  useEffect(() => {
    if (view.name === 'list' && !window.location.hash) return;
    document.getElementById(view.name === 'list' ? 'episodes-heading' : 'episode-heading')?.focus();
  }, [view]);

  return <div ref={root}>{view.name === 'list' ? listView() : editorView()}</div>;

  function listView() {
    return (
      <>
        <FormAlert message={notice} tone="success" />
        <EpisodeList />
      </>
    );
  }

  function editorView() {
    return (
      <EpisodeEditor
        key={view.name === 'edit' ? view.id : view.name === 'new' ? `new-${view.key}` : 'list'}
        episodeId={view.name === 'edit' ? view.id : null}
        // The editor keeps its state; only the address changes, so a reload opens the saved episode.
        onCreated={(id) => window.history.replaceState(window.history.state, '', `#edit/${id}`)}
        onDeleted={(title) => {
          window.history.pushState(window.history.state, '', '#episodes');
          setView({ name: 'list' });
          setNotice(`“${title}” was deleted.`);
        }}
      />
    );
  }
}
