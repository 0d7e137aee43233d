// Decimal money and the display rules of spec section 4 (issue 3 fills this in).
export {};
