// Written by packages/contract/scripts/write-addresses.ts from src/api/course.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { courseApi as courseApiEndpoints } from '../api/course';

export const courseApi: AddressesOf<typeof courseApiEndpoints> = {
  overview: { method: 'GET', path: '/api/portal/course/' },
  lesson: { method: 'GET', path: '/api/portal/course/lessons/:id' },
  completeLesson: { method: 'PUT', path: '/api/portal/course/lessons/:id/complete' },
  test: { method: 'GET', path: '/api/portal/course/test/' },
  submitTest: { method: 'POST', path: '/api/portal/course/test/attempts' },
  certificate: { method: 'GET', path: '/api/portal/course/certificate', reply: 'file' },
  verifyCertificate: { method: 'GET', path: '/api/portal/course/certificates/:id' },
};
