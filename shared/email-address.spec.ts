import { describe, expect, it } from 'vitest';
import { canonicalMailbox, isBareAddress, sameMailbox } from './email-address.js';
import { EMAIL_PATTERN } from './student-fields.js';

describe('isBareAddress', () => {
  it.each(['parent@example.org', 'ann.lee+school@gmail.com', "o'neil@mail.example.tt", 'zoë@exämple.tt'])(
    'takes %j',
    (address) => {
      expect(isBareAddress(address)).toBe(true);
      expect(EMAIL_PATTERN.test(address)).toBe(true);
    },
  );

  it.each([
    'x<evil@attacker.tt>',
    '<evil@attacker.tt>',
    'Ann <ann@example.org>',
    'a@example.org, evil@attacker.tt',
    'a@example.org;evil@attacker.tt',
    '"a" evil@attacker.tt',
    'ann@example.org (mother)',
    'evil@[10.0.0.1]',
    'a\\b@example.org',
    'ann@example.org\nBcc: evil@attacker.tt',
    'ann@example',
    'ann@@example.org',
    'ann example@example.org',
    `${'a'.repeat(250)}@example.org`,
  ])('refuses %j: it is not one bare address', (address) => {
    expect(isBareAddress(address)).toBe(false);
  });

  it('is the rule of the record e-mail fields too (EMAIL_PATTERN)', () => {
    expect(EMAIL_PATTERN.test('x<evil@attacker.tt>')).toBe(false);
    expect(EMAIL_PATTERN.test('a@example.org,b@example.org')).toBe(false);
  });
});

describe('canonicalMailbox', () => {
  it.each([
    ['Parent@Example.org', 'parent@example.org'],
    [' parent+school@example.org ', 'parent@example.org'],
    ['parent+a+b@example.org', 'parent@example.org'],
    ['Ann.Lee@gmail.com', 'annlee@gmail.com'],
    ['a.n.n.lee+x@googlemail.com', 'annlee@gmail.com'],
    ['ann.lee@example.org', 'ann.lee@example.org'],
    ['ann.lee@mail.gmail.com', 'ann.lee@mail.gmail.com'],
    ['+tag@example.org', '+tag@example.org'],
    ['ann.lee@ｇｍａｉｌ.com', 'annlee@gmail.com'],
    ['Ann@ＥＸＡＭＰＬＥ.org', 'ann@example.org'],
    ['ann@exämple.tt', 'ann@xn--exmple-cua.tt'],
    ['ann@EXÄMPLE.tt', 'ann@xn--exmple-cua.tt'],
    ['ann@gmail.com/x', 'ann@gmail.com/x'],
  ])('reads %j as the mailbox %j', (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });

  it('tells other mailboxes apart', () => {
    expect(sameMailbox('ann.lee@example.org', 'annlee@example.org')).toBe(false);
    expect(sameMailbox('ann@gmail.com', 'ann@example.org')).toBe(false);
    expect(sameMailbox('Ann.Lee+x@GoogleMail.com', 'annlee@gmail.com')).toBe(true);
  });
});
