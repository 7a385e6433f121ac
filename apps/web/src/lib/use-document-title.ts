// Sets the browser tab title for a screen.
import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ATR — AI Technical Reports`;
  }, [title]);
}
