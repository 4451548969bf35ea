/**
 * The UI state of spec §3 and its transitions (spec §4 UI) as pure functions, so the rules are
 * tested without React. ui-store.tsx wires them into a zustand store.
 */

/** Named views of the modal host (spec §2). COSTOMIZATION_VIEW is spelled as the spec spells it. */
export const modalViews = [
  'LOGIN_VIEW',
  'OTP_LOGIN_VIEW',
  'SIGN_UP_VIEW',
  'FORGET_PASSWORD',
  'PRODUCT_VIEW',
  'NEWSLETTER_VIEW',
  'COSTOMIZATION_VIEW',
  'COMPLAIN_VIEW',
] as const;
export type ModalView = (typeof modalViews)[number];
const defaultModalView: ModalView = 'OTP_LOGIN_VIEW';

export function isModalView(value: unknown): value is ModalView {
  return typeof value === 'string' && (modalViews as readonly string[]).includes(value);
}

/** Extra data for a modal view; a `name` makes the modal stay open on a click outside (spec §2). */
export type ModalData = Record<string, unknown> & { name?: string };

export interface UIState {
  isAuthorized: boolean;
  displaySidebar: boolean;
  displayFilter: boolean;
  displayModal: boolean;
  displayCart: boolean;
  displaySearch: boolean;
  modalView: ModalView;
  drawerView: string | null;
  modalData: ModalData | null;
  toastText: string;
  userAvatar: string;
}

export function initialUIState(isAuthorized = false): UIState {
  return {
    isAuthorized,
    displaySidebar: false,
    displayFilter: false,
    displayModal: false,
    displayCart: false,
    displaySearch: false,
    modalView: defaultModalView,
    drawerView: null,
    modalData: null,
    toastText: '',
    userAvatar: '',
  };
}

type Change = Partial<UIState>;

export const openSidebar = (): Change => ({ displaySidebar: true });
/** Spec §4: closing the sidebar clears the drawer view. */
export const closeSidebar = (): Change => ({ displaySidebar: false, drawerView: null });
export const setDrawerView = (view: string | null): Change => ({ drawerView: view });

export const openFilter = (): Change => ({ displayFilter: true });
export const closeFilter = (): Change => ({ displayFilter: false });

/**
 * Spec §4: opening the modal closes the sidebar (and so clears its drawer view). A view given
 * here replaces the current one; data given here replaces the current data, none keeps it.
 */
export function openModal(state: UIState, view?: ModalView, data?: ModalData | null): Change {
  return {
    ...closeSidebar(),
    displayModal: true,
    modalView: view ?? state.modalView,
    modalData: data === undefined ? state.modalData : data,
  };
}
export const closeModal = (): Change => ({ displayModal: false });
export const setModalView = (view: ModalView): Change => ({ modalView: view });
export const setModalData = (data: ModalData | null): Change => ({ modalData: data });

/**
 * Spec §2: a click outside closes the modal unless its data carries a name (a flow that must be
 * finished or dismissed with its own button). Escape follows the same rule.
 */
export function canDismissModal(state: Pick<UIState, 'modalData'>): boolean {
  const name = state.modalData?.name;
  return !(typeof name === 'string' ? name.length > 0 : Boolean(name));
}

export const openCart = (): Change => ({ displayCart: true });
export const closeCart = (): Change => ({ displayCart: false });
export const openSearch = (): Change => ({ displaySearch: true });
export const closeSearch = (): Change => ({ displaySearch: false });

export const setUserAvatar = (avatar: string): Change => ({ userAvatar: avatar });
export const setToastText = (text: string): Change => ({ toastText: text });
export const authorize = (): Change => ({ isAuthorized: true });
export const unauthorize = (): Change => ({ isAuthorized: false });
