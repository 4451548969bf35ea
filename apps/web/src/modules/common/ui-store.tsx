'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import * as ui from './ui-state';
import type { ModalData, ModalView, UIState } from './ui-state';

interface UIActions {
  openSidebar: () => void;
  closeSidebar: () => void;
  openFilter: () => void;
  closeFilter: () => void;
  openModal: (view?: ModalView, data?: ModalData | null) => void;
  closeModal: () => void;
  setModalView: (view: ModalView) => void;
  setModalData: (data: ModalData | null) => void;
  openCart: () => void;
  closeCart: () => void;
  openSearch: () => void;
  closeSearch: () => void;
  setDrawerView: (view: string | null) => void;
  setUserAvatar: (avatar: string) => void;
  setToastText: (text: string) => void;
  authorize: () => void;
  unauthorize: () => void;
}

type UIStore = UIState & UIActions;

function createUIStore(isAuthorized = false): StoreApi<UIStore> {
  return createStore<UIStore>()((set) => ({
    ...ui.initialUIState(isAuthorized),
    openSidebar: () => set(ui.openSidebar()),
    closeSidebar: () => set(ui.closeSidebar()),
    openFilter: () => set(ui.openFilter()),
    closeFilter: () => set(ui.closeFilter()),
    openModal: (view, data) => set((state) => ui.openModal(state, view, data)),
    closeModal: () => set(ui.closeModal()),
    setModalView: (view) => set(ui.setModalView(view)),
    setModalData: (data) => set(ui.setModalData(data)),
    openCart: () => set(ui.openCart()),
    closeCart: () => set(ui.closeCart()),
    openSearch: () => set(ui.openSearch()),
    closeSearch: () => set(ui.closeSearch()),
    setDrawerView: (view) => set(ui.setDrawerView(view)),
    setUserAvatar: (avatar) => set(ui.setUserAvatar(avatar)),
    setToastText: (text) => set(ui.setToastText(text)),
    authorize: () => set(ui.authorize()),
    unauthorize: () => set(ui.unauthorize()),
  }));
}

const UIContext = createContext<StoreApi<UIStore> | null>(null);

/**
 * One store per browser tab (and per server render, so visitors never share state). isAuthorized
 * starts from the auth_token cookie, read on the server by the root layout (spec §3).
 */
export function UIProvider({ isAuthorized, children }: { isAuthorized: boolean; children: ReactNode }) {
  const [store] = useState(() => createUIStore(isAuthorized));
  return <UIContext.Provider value={store}>{children}</UIContext.Provider>;
}

const selectAll = (state: UIStore) => state;

/** The UI state and actions; pass a selector to re-render only when that slice changes. */
export function useUI(): UIStore;
export function useUI<T>(selector: (state: UIStore) => T): T;
export function useUI<T>(selector?: (state: UIStore) => T): T | UIStore {
  const store = useContext(UIContext);
  if (!store) throw new Error('useUI must be used inside <UIProvider> (rendered by the root layout).');
  return useStore(store, (selector ?? selectAll) as (state: UIStore) => T | UIStore);
}
