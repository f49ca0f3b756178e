import { create } from 'zustand';

interface ConnectivityState {
  /** The browser's own view (navigator.onLine), kept up to date by the online/offline events. */
  online: boolean;
  /** Something on screen came from this device's copy because the network was gone. */
  fromCopy: boolean;
  servedFromCopy: () => void;
  setOnline: (online: boolean) => void;
}

/** Whether the editor works offline now: what the 'Offline' notice shows. */
export const useConnectivityStore = create<ConnectivityState>()((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  fromCopy: false,
  servedFromCopy: () => set({ fromCopy: true }),
  // Back online, the next loads and saves reach the server again.
  setOnline: (online) => set(online ? { online, fromCopy: false } : { online }),
}));
