// Its own file: the /ventas search parser reads it, and it travels in the entry chunk /login loads.

/** How a subscription was paid, when it records it (null when nobody said). */
export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'transferencia', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
