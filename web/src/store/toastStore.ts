import { create } from 'zustand';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  text: string;
}

export interface ToastInput {
  kind?: ToastKind;
  title?: string;
  text: string;
  /** How long the toast stays before it dismisses itself. */
  durationMs?: number;
}

const DEFAULT_DURATION_MS = 4000;

interface ToastState {
  toasts: Toast[];
  nextId: number;
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
}

/** Short notices in a corner of the screen (platform §8: access denied, plan check, embed). */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  nextId: 1,
  show: ({ kind = 'info', title, text, durationMs = DEFAULT_DURATION_MS }) => {
    // Requests that fail together (a screen's lists refused at once) tell the same thing once.
    const same = get().toasts.find((t) => t.kind === kind && t.title === title && t.text === text);
    if (same) return same.id;
    const id = get().nextId;
    set((s) => ({ toasts: [...s.toasts, { id, kind, title, text }], nextId: id + 1 }));
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from outside React (the request layer, store actions). */
export function showToast(toast: ToastInput): number {
  return useToastStore.getState().show(toast);
}
