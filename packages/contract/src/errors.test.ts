import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, ErrorCode, MESSAGES, errorText } from './errors';
import { MINERALS, PAYMENT_TYPE_LABELS, RESULT_LEVEL_LABELS, SESSION_STATUS_LABELS, SessionStatus } from './enums';

describe('error catalogue (SPEC §8)', () => {
  it('keeps the texts word for word, typos included', () => {
    expect(ERROR_TEXTS['0']).toBe('Unexpected error occured');
    expect(ERROR_TEXTS['400414']).toBe('User needs to progress properly through statuses');
    expect(ERROR_TEXTS['400415']).toBe('Min date is 1 day from now, max date is 7 days from now');
    expect(ERROR_TEXTS['400416']).toBe('You are trying to assign an already taken kit');
    expect(ERROR_TEXTS['409000']).toBe('Email already taken');
    expect(ERROR_TEXTS['SESSION.050']).toBe('You have already requested data for this user.');
    expect(Object.keys(ERROR_TEXTS)).toHaveLength(16);
    expect(MESSAGES.acceptTosFailed).toBe('Error occured while accepting ToS.');
    expect(MESSAGES.notFoundPage).toBe('This page is unknown or does not exist');
  });

  it('shows the code text, else the message, else the fallback', () => {
    expect(errorText({ code: '400416', message: 'ignored' })).toBe('You are trying to assign an already taken kit');
    expect(errorText({ code: 409000 })).toBe('Email already taken');
    expect(errorText({ code: '400404', message: 'The requested resource was not found' })).toBe('The requested resource was not found');
    expect(errorText({ code: null, message: '' }, 'Error occured while getting ToS file.')).toBe('Error occured while getting ToS file.');
    expect(errorText(undefined)).toBe('Unexpected error occured');
  });

  it('has the code the client treats as "sign in again"', () => {
    expect(ErrorCode.SESSION_EXPIRED).toBe('400410');
    expect(ErrorCode.SESSION_EXPIRED in ERROR_TEXTS).toBe(false);
  });
});

describe('enums (SPEC §3, §4, §9)', () => {
  it('session statuses and labels', () => {
    expect(SessionStatus).toEqual({ REQUESTED: 1, ACCEPTED: 2, DECLINED: 3, COMPLETED: 4 });
    expect(SESSION_STATUS_LABELS[3]).toBe('Session declined');
  });
  it('result levels, payment types and the fixed mineral order', () => {
    expect(RESULT_LEVEL_LABELS).toMatchObject({ 0: 'Decreased', 1: 'Average', 2: 'Increased' });
    expect(PAYMENT_TYPE_LABELS).toEqual({ 1: 'Credit card', 2: 'PayPal' });
    expect(MINERALS).toHaveLength(15);
    expect(MINERALS[0]).toBe('Calcium');
    expect(MINERALS[14]).toBe('Selenium');
  });
});
