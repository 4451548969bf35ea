import { describe, expect, it } from 'vitest';
import * as ui from './ui-state';

/** Applies a change the way the store does, so sequences of actions can be checked. */
const apply = (state: ui.UIState, change: Partial<ui.UIState>): ui.UIState => ({ ...state, ...change });

describe('UI state (spec §3, §4)', () => {
  it('starts closed, with the OTP login view and the given sign-in flag', () => {
    const state = ui.initialUIState(true);
    expect(state).toMatchObject({
      isAuthorized: true,
      displaySidebar: false,
      displayFilter: false,
      displayModal: false,
      displayCart: false,
      displaySearch: false,
      modalView: 'OTP_LOGIN_VIEW',
      drawerView: null,
      modalData: null,
      toastText: '',
      userAvatar: '',
    });
    expect(ui.initialUIState().isAuthorized).toBe(false);
  });

  it('lists the eight modal views of the spec', () => {
    expect(ui.modalViews).toEqual([
      'LOGIN_VIEW',
      'OTP_LOGIN_VIEW',
      'SIGN_UP_VIEW',
      'FORGET_PASSWORD',
      'PRODUCT_VIEW',
      'NEWSLETTER_VIEW',
      'COSTOMIZATION_VIEW',
      'COMPLAIN_VIEW',
    ]);
    expect(ui.isModalView('PRODUCT_VIEW')).toBe(true);
    expect(ui.isModalView('CART_VIEW')).toBe(false);
  });

  it('closing the sidebar clears the drawer view', () => {
    let state = apply(ui.initialUIState(), ui.openSidebar());
    state = apply(state, ui.setDrawerView('CATEGORY_MENU'));
    expect(state).toMatchObject({ displaySidebar: true, drawerView: 'CATEGORY_MENU' });
    state = apply(state, ui.closeSidebar());
    expect(state).toMatchObject({ displaySidebar: false, drawerView: null });
  });

  it('opening the modal closes the sidebar and sets view and data', () => {
    let state = apply(ui.initialUIState(), ui.openSidebar());
    state = apply(state, ui.setDrawerView('MOBILE_MENU'));
    state = apply(state, ui.openModal(state, 'PRODUCT_VIEW', { slug: 'rose-lamp' }));
    expect(state).toMatchObject({
      displayModal: true,
      displaySidebar: false,
      drawerView: null,
      modalView: 'PRODUCT_VIEW',
      modalData: { slug: 'rose-lamp' },
    });
  });

  it('opening without a view keeps the current view and data', () => {
    let state = apply(ui.initialUIState(), ui.setModalData({ slug: 'a' }));
    state = apply(state, ui.openModal(state));
    expect(state).toMatchObject({ displayModal: true, modalView: 'OTP_LOGIN_VIEW', modalData: { slug: 'a' } });
    state = apply(state, ui.closeModal());
    expect(state.displayModal).toBe(false);
    state = apply(state, ui.openModal(state, 'NEWSLETTER_VIEW', null));
    expect(state).toMatchObject({ modalView: 'NEWSLETTER_VIEW', modalData: null });
  });

  it('a click outside closes the modal unless the data carries a name', () => {
    expect(ui.canDismissModal({ modalData: null })).toBe(true);
    expect(ui.canDismissModal({ modalData: { slug: 'x' } })).toBe(true);
    expect(ui.canDismissModal({ modalData: { name: '' } })).toBe(true);
    expect(ui.canDismissModal({ modalData: { name: 'Silver ring' } })).toBe(false);
  });

  it('toggles cart, filter and search, and sets the small fields', () => {
    let state = ui.initialUIState();
    state = apply(state, ui.openCart());
    state = apply(state, ui.openFilter());
    state = apply(state, ui.openSearch());
    expect(state).toMatchObject({ displayCart: true, displayFilter: true, displaySearch: true });
    state = apply(state, ui.closeCart());
    state = apply(state, ui.closeFilter());
    state = apply(state, ui.closeSearch());
    expect(state).toMatchObject({ displayCart: false, displayFilter: false, displaySearch: false });
    state = apply(state, ui.setToastText('Saved'));
    state = apply(state, ui.setUserAvatar('/a.png'));
    state = apply(state, ui.setModalView('LOGIN_VIEW'));
    expect(state).toMatchObject({ toastText: 'Saved', userAvatar: '/a.png', modalView: 'LOGIN_VIEW' });
  });

  it('authorize and unauthorize flip the sign-in flag', () => {
    let state = apply(ui.initialUIState(), ui.authorize());
    expect(state.isAuthorized).toBe(true);
    state = apply(state, ui.unauthorize());
    expect(state.isAuthorized).toBe(false);
  });
});
