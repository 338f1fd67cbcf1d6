import type { message as antdMessage } from 'antd';

type MessageApi = Pick<typeof antdMessage, 'error' | 'warning' | 'success' | 'info'>;
type Level = keyof MessageApi;

/**
 * Toasts for code outside React (the transport, the session). Once antd's providers are mounted
 * they hand over the themed instance from antd's <App>; before that (the /login hand-over, which
 * ships without antd) antd's static message is loaded on first use.
 */
let instance: MessageApi | undefined;

export function setMessageInstance(next: MessageApi): void {
  instance = next;
}

function show(level: Level, text: string): void {
  if (instance) {
    void instance[level](text);
    return;
  }
  void import('./staticMessage').then(({ message }) => message[level](text));
}

export const toast = {
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  success: (text: string) => show('success', text),
  info: (text: string) => show('info', text),
};
