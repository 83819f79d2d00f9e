export default defineBackground(() => {
  browser.runtime.onMessage.addListener((message) => {
    if (message?.type === 'ping') return Promise.resolve({ type: 'pong' });
    return undefined;
  });
});
