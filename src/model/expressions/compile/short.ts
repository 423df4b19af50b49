// Value of an optional chain that short-circuited; ChainExpression turns it into undefined.
export const SHORT: unique symbol = Symbol('short');
