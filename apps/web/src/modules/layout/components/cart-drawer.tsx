// The cart drawer lives with the cart (modules/cart); the shell's lazy overlays keep importing it from here.
export { CartDrawer } from '@modules/cart/components/cart-drawer';
