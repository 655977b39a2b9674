import type { PractitionerMe, User } from '@portal/contract';

/** The signed-in account the shell and router tests load from `/account/me/`: terms accepted. */
export const TEST_USER: User = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@test.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: null,
  profileImage: null,
  isActive: true,
  tosAccepted: true,
};

/** Its practitioner profile from `/portal/me/`: accepted (status 2), a General Practitioner, terms accepted. */
export const TEST_PRACTITIONER: PractitionerMe = {
  id: '00000000-0000-4000-8000-000000000002',
  status: 2,
  categoryID: 2,
  category: { id: 2, name: 'General Practitioner' },
  warehouseID: null,
  tosAccepted: true,
  languages: [],
  specializations: [],
  hpcsaNumber: null,
  practiceNumber: null,
  description: null,
  profileImage: null,
};
