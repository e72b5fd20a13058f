/** A Madrid address as the new-shipping call takes it (a receiver's `postal`). */
export const POSTAL_ADDRESS = {
  streetType: 'CALLE',
  street: 'Mayor',
  streetNumber: '7',
  addressExtra: '3º B',
  postalCode: '28013',
  city: 'Madrid',
  province: 'Madrid',
  country: 'ES',
};
