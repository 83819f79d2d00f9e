/**
 * The bench's floor: the least a React popup can do to be "ready" (the tab's title in a Title
 * box, a Save page button enabled). Space Clipper's popup is measured against it in the same run.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Floor() {
  const [title, setTitle] = useState('');
  useEffect(() => {
    const tabId = Number(new URLSearchParams(location.search).get('tabId'));
    void chrome.tabs.get(tabId).then((tab) => setTitle(tab.title ?? ''));
  }, []);
  return (
    <form>
      <label htmlFor="title">Title</label>
      <input id="title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <button type="submit" disabled={title === ''}>
        Save page
      </button>
    </form>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Floor />);
