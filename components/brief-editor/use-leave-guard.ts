"use client";

import { useEffect, useRef } from "react";

/**
 * While `active`, a click on a link that would take the person to another page of the app is held
 * back and handed to `onAttempt` (which asks first). Listening on window in the capture phase runs
 * before React's own handlers, so a Next <Link> never starts its navigation. Reloading, closing the
 * tab and leaving for another site are the browser's own prompt (beforeunload, see useDraft).
 */
export function useLeaveGuard(active: boolean, onAttempt: (href: string) => void) {
  const onAttemptRef = useRef(onAttempt);
  useEffect(() => {
    onAttemptRef.current = onAttempt;
  });

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const here = new URL(window.location.href);
      if (url.pathname === here.pathname && url.search === here.search) return;
      event.preventDefault();
      event.stopPropagation();
      onAttemptRef.current(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [active]);
}
