// `data-state` on <html> is the contract tests and tools wait on: loading → ready | error.
export type PageState = 'loading' | 'ready' | 'error';

export function setPageState(state: PageState): void {
  document.documentElement.dataset.state = state;
}
