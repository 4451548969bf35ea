/** The sender of every mail when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Kaarigar Gifts <no-reply@localhost>';
