import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  VALIDATION_MESSAGES,
  rules,
  firstError,
  PASSWORD_RULES,
  transforms,
  zText,
  zEmail,
  zPassword,
  zDigits,
  zPhone,
  isStorableText,
  normaliseEmail,
  isSingleLineName,
  zPersonName,
  singleLineName,
  inertText,
} from './validators.js';
import { InviteBody, SignInBody, SignUpBody, UpdateMe } from './account.js';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

function parsed(schema: z.ZodType, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

describe('VALIDATION_MESSAGES', () => {
  it('holds the SPEC §5 texts exactly', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      MIN_NOT_REACHED: 'Minimum chars not reached',
      MAX_EXCEEDED: 'Maximum chars exceeded',
      INVALID_EMAIL: 'Email is not valid',
      INVALID_NUMBER: 'Value is not valid.',
      NO_LOWERCASE: 'At least one lowercase letter is required',
      NO_UPPERCASE: 'At least one uppercase letter is required',
      NO_NUMBER: 'At least one number is required',
      NO_MATCH: 'Has to be same',
      REQUIRED: 'This field is required',
    });
  });
});

describe('rules', () => {
  it('storable: no NUL, other control character or lone surrogate half; tab, new lines and any other Unicode pass', () => {
    for (const ok of ['', 'plain', 'tab\there', 'line\nbreak\r\n', 'Zoë Ndlovu', '𝕏 emoji 🧬', '\u00a0nbsp', '\u200bzero width']) {
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
      expect(rules.storable(ok)).toBeNull();
    }
    for (const bad of ['\u0000', 'a\u0000b', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b[2J', '\u007f', '\u0085', '\u009f', 'half \ud800', '\udc00 half']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
      expect(firstError(bad, [rules.storable])).toBe('Value is not valid.');
    }
    expect(messages(zText({ max: 10 }), 'a\u0000b')).toEqual(['Value is not valid.']);
    expect(messages(zEmail, 'ada\u0000@example.com')).toEqual(['Value is not valid.']);
    expect(messages(zPassword, 'Secret-pass-1\u0000')).toEqual(['Value is not valid.']);
  });

  it('required', () => {
    expect(rules.required('x')).toBeNull();
    expect(rules.required(' a ')).toBeNull();
    expect(rules.required('')).toBe('REQUIRED');
    expect(rules.required('  \t\n')).toBe('REQUIRED');
    expect(firstError('', [rules.required])).toBe('This field is required');
  });

  it('email', () => {
    expect(rules.email('a@b')).toBeNull();
    expect(rules.email('jane.doe@example.com')).toBeNull();
    expect(rules.email('jane.example.com')).toBe('INVALID_EMAIL');
    expect(rules.email('@example.com')).toBe('INVALID_EMAIL');
    expect(rules.email('jane@')).toBe('INVALID_EMAIL');
    expect(rules.email('ja ne@example.com')).toBe('INVALID_EMAIL');
    expect(rules.email('')).toBe('INVALID_EMAIL');
    expect(firstError('nope', [rules.email])).toBe('Email is not valid');
  });

  it('number', () => {
    expect(rules.number('0')).toBeNull();
    expect(rules.number('0123456789')).toBeNull();
    expect(rules.number('')).toBe('INVALID_NUMBER');
    expect(rules.number('12a')).toBe('INVALID_NUMBER');
    expect(rules.number('-1')).toBe('INVALID_NUMBER');
    expect(rules.number('1.5')).toBe('INVALID_NUMBER');
    expect(rules.number(' 1')).toBe('INVALID_NUMBER');
    expect(firstError('x', [rules.number])).toBe('Value is not valid.');
  });

  it('lowercase', () => {
    expect(rules.lowercase('ABCd')).toBeNull();
    expect(rules.lowercase('ABC1')).toBe('NO_LOWERCASE');
    expect(firstError('ABC', [rules.lowercase])).toBe('At least one lowercase letter is required');
  });

  it('uppercase', () => {
    expect(rules.uppercase('abcD')).toBeNull();
    expect(rules.uppercase('abc1')).toBe('NO_UPPERCASE');
    expect(firstError('abc', [rules.uppercase])).toBe('At least one uppercase letter is required');
  });

  it('digit', () => {
    expect(rules.digit('abc1')).toBeNull();
    expect(rules.digit('abcD')).toBe('NO_NUMBER');
    expect(firstError('abc', [rules.digit])).toBe('At least one number is required');
  });

  it('length with bounds', () => {
    const rule = rules.length(2, 4);
    expect(rule('a')).toBe('MIN_NOT_REACHED');
    expect(rule('ab')).toBeNull();
    expect(rule('abcd')).toBeNull();
    expect(rule('abcde')).toBe('MAX_EXCEEDED');
    expect(firstError('a', [rule])).toBe('Minimum chars not reached');
    expect(firstError('abcde', [rule])).toBe('Maximum chars exceeded');
  });

  it('length defaults to 0 and unlimited', () => {
    const rule = rules.length();
    expect(rule('')).toBeNull();
    expect(rule('x'.repeat(100_000))).toBeNull();
    const minOnly = rules.length(3);
    expect(minOnly('ab')).toBe('MIN_NOT_REACHED');
    expect(minOnly('x'.repeat(100_000))).toBeNull();
    const maxOnly = rules.length(undefined, 3);
    expect(maxOnly('')).toBeNull();
    expect(maxOnly('abcd')).toBe('MAX_EXCEEDED');
  });

  it('length counts characters, not UTF-16 units', () => {
    expect(rules.length(0, 2)('😀😀')).toBeNull();
    expect(rules.length(3)('😀😀')).toBe('MIN_NOT_REACHED');
  });

  it('match', () => {
    expect(rules.match('Secret1!')('Secret1!')).toBeNull();
    expect(rules.match('Secret1!')('secret1!')).toBe('NO_MATCH');
    expect(rules.match('')('')).toBeNull();
    expect(firstError('a', [rules.match('b')])).toBe('Has to be same');
  });
});

describe('firstError', () => {
  it('returns null when every rule passes, including an empty list', () => {
    expect(firstError('abc', [])).toBeNull();
    expect(firstError('Abcdefg1', PASSWORD_RULES)).toBeNull();
  });

  it('returns the message of the first failing rule in list order', () => {
    expect(firstError('', [rules.required, rules.email])).toBe('This field is required');
    expect(firstError('', [rules.email, rules.required])).toBe('Email is not valid');
    expect(firstError('ab', [rules.length(3), rules.digit])).toBe('Minimum chars not reached');
    expect(firstError('ab', [rules.digit, rules.length(3)])).toBe('At least one number is required');
  });

  it('does not run rules after the first failure', () => {
    const calls: string[] = [];
    const spy =
      (name: string): ((v: string) => null) =>
      () => {
        calls.push(name);
        return null;
      };
    expect(firstError('', [spy('a'), rules.required, spy('b')])).toBe('This field is required');
    expect(calls).toEqual(['a']);
  });
});

describe('PASSWORD_RULES', () => {
  it('checks lowercase, uppercase, number, then at least 8 characters', () => {
    expect(PASSWORD_RULES).toHaveLength(4);
    expect(PASSWORD_RULES.map((r) => r(''))).toEqual(['NO_LOWERCASE', 'NO_UPPERCASE', 'NO_NUMBER', 'MIN_NOT_REACHED']);
    expect(firstError('ABCDEFG1', PASSWORD_RULES)).toBe('At least one lowercase letter is required');
    expect(firstError('abcdefg1', PASSWORD_RULES)).toBe('At least one uppercase letter is required');
    expect(firstError('Abcdefgh', PASSWORD_RULES)).toBe('At least one number is required');
    expect(firstError('Abcdef1', PASSWORD_RULES)).toBe('Minimum chars not reached');
    expect(firstError('Abcdefg1', PASSWORD_RULES)).toBeNull();
    expect(firstError('Abcdefg1'.repeat(50), PASSWORD_RULES)).toBeNull();
  });
});

describe('transforms', () => {
  it('lowercase', () => {
    expect(transforms.lowercase('AbC 1É')).toBe('abc 1é');
  });
  it('uppercase', () => {
    expect(transforms.uppercase('aBc 1é')).toBe('ABC 1É');
  });
  it('stripSpaces', () => {
    expect(transforms.stripSpaces(' a b\tc\n d ')).toBe('abcd');
    expect(transforms.stripSpaces('abc')).toBe('abc');
  });
  it('digitsOnly', () => {
    expect(transforms.digitsOnly('+1 (555) 12-3a')).toBe('1555123');
    expect(transforms.digitsOnly('abc')).toBe('');
  });
  it('lettersOnly keeps Unicode letters', () => {
    expect(transforms.lettersOnly('Zoë-Šarić 42!')).toBe('ZoëŠarić');
    expect(transforms.lettersOnly('日本 語1')).toBe('日本語');
    expect(transforms.lettersOnly('123 !?')).toBe('');
  });
});

describe('zText', () => {
  it('is required by default and trims', () => {
    const schema = zText();
    expect(parsed(schema, '  hello  ')).toBe('hello');
    expect(messages(schema, '')).toEqual(['This field is required']);
    expect(messages(schema, '   ')).toEqual(['This field is required']);
    expect(messages(schema, undefined)).toEqual(['This field is required']);
  });

  it('applies min and max after trimming', () => {
    const schema = zText({ min: 3, max: 5 });
    expect(parsed(schema, ' abc ')).toBe('abc');
    expect(parsed(schema, 'abcde')).toBe('abcde');
    expect(messages(schema, ' ab ')).toEqual(['Minimum chars not reached']);
    expect(messages(schema, 'abcdef')).toEqual(['Maximum chars exceeded']);
    // Empty reports REQUIRED alone, not MIN_NOT_REACHED as well.
    expect(messages(schema, '')).toEqual(['This field is required']);
  });

  it('allows empty when not required, still bounding non-empty values', () => {
    const schema = zText({ required: false, min: 3, max: 5 });
    expect(parsed(schema, '')).toBe('');
    expect(parsed(schema, '   ')).toBe('');
    expect(messages(schema, 'ab')).toEqual(['Minimum chars not reached']);
    expect(messages(schema, 'abcdef')).toEqual(['Maximum chars exceeded']);
  });

  it('rejects non-strings', () => {
    expect(messages(zText(), 42)).toHaveLength(1);
    expect(messages(zText(), 42)).not.toEqual(['This field is required']);
  });
});

describe('zEmail', () => {
  it('trims and lowercases valid addresses', () => {
    expect(parsed(zEmail, '  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('reports REQUIRED when empty or missing', () => {
    expect(messages(zEmail, '')).toEqual(['This field is required']);
    expect(messages(zEmail, '  ')).toEqual(['This field is required']);
    expect(messages(zEmail, undefined)).toEqual(['This field is required']);
  });

  it('reports INVALID_EMAIL without an @ between non-space parts', () => {
    expect(messages(zEmail, 'jane.example.com')).toEqual(['Email is not valid']);
    expect(messages(zEmail, 'jane@')).toEqual(['Email is not valid']);
    expect(messages(zEmail, 'ja ne@example.com')).toEqual(['Email is not valid']);
  });

  it('reports MAX_EXCEEDED above 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(189)}`;
    expect(at254).toHaveLength(254);
    expect(parsed(zEmail, at254)).toBe(at254);
    expect(messages(zEmail, `${at254}c`)).toEqual(['Maximum chars exceeded']);
  });
});

describe('zPassword', () => {
  it('accepts a password meeting every rule, untrimmed', () => {
    expect(parsed(zPassword, 'Abcdefg1')).toBe('Abcdefg1');
    expect(parsed(zPassword, ' Abcde1 ')).toBe(' Abcde1 ');
  });

  it('reports every failing rule in order', () => {
    expect(messages(zPassword, '')).toEqual([
      'At least one lowercase letter is required',
      'At least one uppercase letter is required',
      'At least one number is required',
      'Minimum chars not reached',
    ]);
    expect(messages(zPassword, 'ABC')).toEqual(['At least one lowercase letter is required', 'At least one number is required', 'Minimum chars not reached']);
    expect(messages(zPassword, 'abcdefgh')).toEqual(['At least one uppercase letter is required', 'At least one number is required']);
    expect(messages(zPassword, 'Abcdef1')).toEqual(['Minimum chars not reached']);
  });

  it('reports MAX_EXCEEDED above 128 characters', () => {
    const at128 = `Aa1${'x'.repeat(125)}`;
    expect(parsed(zPassword, at128)).toBe(at128);
    expect(messages(zPassword, `${at128}x`)).toEqual(['Maximum chars exceeded']);
  });

  it('reports REQUIRED when missing', () => {
    expect(messages(zPassword, undefined)).toEqual(['This field is required']);
  });
});

describe('zDigits', () => {
  it('accepts digits, trimmed', () => {
    expect(parsed(zDigits, ' 0042 ')).toBe('0042');
  });
  it('reports REQUIRED when empty or missing', () => {
    expect(messages(zDigits, '')).toEqual(['This field is required']);
    expect(messages(zDigits, ' ')).toEqual(['This field is required']);
    expect(messages(zDigits, undefined)).toEqual(['This field is required']);
  });
  it('reports INVALID_NUMBER for anything but digits', () => {
    expect(messages(zDigits, '12a')).toEqual(['Value is not valid.']);
    expect(messages(zDigits, '-12')).toEqual(['Value is not valid.']);
    expect(messages(zDigits, '1 2')).toEqual(['Value is not valid.']);
  });
});

describe('zPhone', () => {
  it('strips spaces and accepts an optional leading + with 7 to 15 digits', () => {
    expect(parsed(zPhone, ' +44 20 7946 0958 ')).toBe('+442079460958');
    expect(parsed(zPhone, '1234567')).toBe('1234567');
    expect(parsed(zPhone, `+${'1'.repeat(15)}`)).toBe(`+${'1'.repeat(15)}`);
  });
  it('reports REQUIRED when empty or missing', () => {
    expect(messages(zPhone, '')).toEqual(['This field is required']);
    expect(messages(zPhone, '   ')).toEqual(['This field is required']);
    expect(messages(zPhone, undefined)).toEqual(['This field is required']);
  });
  it('reports INVALID_NUMBER otherwise', () => {
    expect(messages(zPhone, '123456')).toEqual(['Value is not valid.']);
    expect(messages(zPhone, '1'.repeat(16))).toEqual(['Value is not valid.']);
    expect(messages(zPhone, '+')).toEqual(['Value is not valid.']);
    expect(messages(zPhone, '1+2345678')).toEqual(['Value is not valid.']);
    expect(messages(zPhone, '++1234567')).toEqual(['Value is not valid.']);
    expect(messages(zPhone, '(555) 123-4567')).toEqual(['Value is not valid.']);
  });
});

describe('inside z.strictObject', () => {
  const schema = z.strictObject({
    name: zText({ max: 10 }),
    email: zEmail,
    password: zPassword,
    phone: zPhone,
    code: zDigits,
  });

  it('parses a valid object with transformed values', () => {
    expect(
      parsed(schema, {
        name: ' Jane ',
        email: 'JANE@X.IO',
        password: 'Abcdefg1',
        phone: '+1 555 123 4567',
        code: '007',
      }),
    ).toEqual({
      name: 'Jane',
      email: 'jane@x.io',
      password: 'Abcdefg1',
      phone: '+15551234567',
      code: '007',
    });
  });

  it('yields SPEC texts as fieldErrors, including for missing keys', () => {
    const result = schema.safeParse({ name: 'x'.repeat(11), email: 'nope', password: 'abc' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(z.flattenError(result.error).fieldErrors).toEqual({
      name: ['Maximum chars exceeded'],
      email: ['Email is not valid'],
      password: ['At least one uppercase letter is required', 'At least one number is required', 'Minimum chars not reached'],
      phone: ['This field is required'],
      code: ['This field is required'],
    });
  });
});

describe('one e-mail address', () => {
  it('refuses a list, a display name and anything that separates or wraps addresses', () => {
    for (const bad of [
      'p@example.test,cc@evil.example',
      'p@example.test;cc@evil.example',
      'P <p@example.test>',
      '<p@example.test>',
      'p@example.test cc@evil.example',
      'p@@example.test',
      'p@example.test@evil.example',
      '"p"@example.test',
      'p@[127.0.0.1]',
      'p\\q@example.test',
      'p@example.test:25',
      'p(comment)@example.test',
    ]) {
      expect(rules.email(bad), bad).toBe('INVALID_EMAIL');
      expect(messages(zEmail, bad), bad).toEqual(['Email is not valid']);
    }
  });

  it('normalises NFKC, then lower-case, before anything looks it up: look-alikes are one address', () => {
    expect(normaliseEmail(' \u212Aate@Example.TEST ')).toBe('kate@example.test');
    expect(parsed(zEmail, '\u212Aate@example.test')).toBe('kate@example.test');
    expect(parsed(zEmail, 'ｋａｔｅ@ｅｘａｍｐｌｅ.test')).toBe('kate@example.test');
    expect(parsed(SignInBody.shape.email, ' \u212AATE@example.test')).toBe('kate@example.test');
  });
});

describe('person names are one line', () => {
  const breakers = ['\n', '\r', '\t', '\r\n', '\u0085', '\u2028', '\u2029', '\u202e', '\u202a', '\u200f', '\u2066', '\u2069', '\u061c'];

  it('refuses line breaks, tabs and bidi controls with the validator text, anywhere a name enters', () => {
    for (const c of breakers) {
      const name = `Ada${c}Bcc: x@evil.example`;
      expect(isSingleLineName(name), JSON.stringify(c)).toBe(false);
      expect(messages(zPersonName(), name), JSON.stringify(c)).toEqual(['Value is not valid.']);
      for (const schema of [UpdateMe.shape.firstName, SignUpBody.shape.lastName, InviteBody.shape.firstName])
        expect(messages(schema, name), JSON.stringify(c)).toEqual(['Value is not valid.']);
    }
  });

  it('keeps names of any script, apostrophes, hyphens and spaces', () => {
    for (const name of ['Thandi', "O'Neill", 'Anne-Marie', 'de la Rey', 'Nguyễn', 'محمد', 'Zoë 🙂']) expect(parsed(zPersonName(), name)).toBe(name);
    expect(messages(zPersonName(), '')).toEqual(['This field is required']);
    expect(messages(zPersonName(), 'x'.repeat(81))).toEqual(['Maximum chars exceeded']);
  });

  it('shows a stored name without them, and a link in a name as inert text', () => {
    expect(singleLineName('Ada\r\nBcc: x@evil.example')).toBe('Ada Bcc: x@evil.example');
    expect(singleLineName('Ada\u202eLovelace\u0007')).toBe('AdaLovelace');
    expect(inertText('Ada\nUrgent: verify at https://evil.example/login')).toBe('Ada Urgent: verify at https[://]evil[.]example/login');
    expect(inertText('www.evil.example')).toBe('www[.]evil[.]example');
    expect(inertText('evil.example')).toBe('evil[.]example');
    expect(inertText('x@evil.example')).toBe('x[at]evil[.]example');
    expect(inertText('J. R. R. Tolkien')).toBe('J. R. R. Tolkien');
    expect(inertText('Thandi N.')).toBe('Thandi N.');
  });
});
