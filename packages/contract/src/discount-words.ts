// A discount code's states and texts, without zod: the portal's discount codes list shows them
// without building the commerce schemas, which only its form needs (issue 35).

export const DISCOUNT_CODE_STATES = ['active', 'scheduled', 'expired', 'used_up', 'deactivated'] as const;

export const DISCOUNT_TEXTS = {
  codeTaken: 'This code is already in use',
  codeFixed: 'A code cannot be changed once it is made: deactivate it and create another',
  endBeforeStart: 'The end date must be on or after the start date',
  percentageRange: 'A percentage is between 1 and 100',
  amountPositive: 'The amount must be more than 0',
  chooseProduct: 'Choose at least one product',
  requiresShipping: 'Item requires shipping',
  addNewKit: 'Add a new kit',
  // What a patient order is told when a code cannot be used; one text for every reason but the
  // minimum order, so codes cannot be probed.
  codeNotValid: 'This discount code is not valid',
  minimumNotReached: 'The order is below this code’s minimum',
} as const;
