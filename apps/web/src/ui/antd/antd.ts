/**
 * antd-mobile 5 set up for this app: React 19's render for its imperative components, and our
 * theme. Import antd-mobile only through this folder's index.ts (biome.json enforces it), so both
 * are in place before any of its components renders.
 *
 * antd-mobile renders Dialog.alert, Toast.show, ActionSheet.show and the like into a container of
 * its own, by default through react-dom's legacy render, which React 19 removed. unstableSetRender
 * swaps in createRoot (antd-mobile's "v5 for React 19" guide); the API goes away in antd-mobile 6.
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import './antd.css';

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  const mounted = root;
  return async () => {
    // A close can come from inside React's own rendering (an effect closing a toast); unmounting a
    // root synchronously there is an error, so it waits for the current task to end, as the guide does.
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.unmount();
    roots.delete(container);
  };
});
