import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Router state that carries a one-shot notice to the next page (e.g. after a password change). */
export interface FlashState {
  notice?: string;
}

/** Shows the notice passed in the router state once, then drops it so a reload does not repeat it. */
export function useFlashNotice(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const notice = (location.state as FlashState | null)?.notice;
  useEffect(() => {
    if (!notice) return;
    // A fixed key: showing it twice (React's development double run) replaces, not stacks.
    void message.success({ content: notice, key: `flash:${notice}` });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, message, navigate, location.pathname, location.search]);
}
