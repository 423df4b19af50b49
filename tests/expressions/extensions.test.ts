// n8n's extension methods, with the outputs n8n documents (the .doc examples in
// packages/workflow/src/extensions/*-extensions.ts).
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { registerExtension } from '../../src/model/expressions/index.ts';
import { errorOf, ev } from './helpers.ts';

describe('string extensions', () => {
  it('checks and converts', () => {
    expect(ev('={{ ["".isEmpty(), "a".isNotEmpty(), "  ".isBlank(), "x".isNotBlank()] }}')).toEqual([true, true, true, true]);
    expect(ev('={{ ["a@b.co".isEmail(), "a b@c.co".isEmail(), "https://n8n.io/x?y=1".isUrl(), "n8n.io".isDomain(), "1.5".isNumeric(), "1 5".isNumeric()] }}')).toEqual([true, false, true, true, true, false]);
    expect(ev('={{ ["123".toNumber(), "1.23E10".toNumber(), "$12".toInt(), "1.5".toFloat(), "ff".toInt(16)] }}')).toEqual([123, 12300000000, 12, 1.5, 255]);
    expect(ev('={{ ["true".toBoolean(), "no".toBoolean(), "0".toBoolean(), "".toBoolean(), "yes".toBoolean()] }}')).toEqual([true, false, false, false, true]);
    expect(errorOf('={{ "abc".toNumber() }}').message).toBe('cannot convert to number');
    expect(errorOf('={{ "1,5".toFloat() }}').message).toBe('cannot convert to float, expected . as decimal separator');
  });
  it('changes case and cleans up text', () => {
    expect(ev('={{ "quick brown fox".toTitleCase() }}')).toBe('Quick Brown Fox');
    expect(ev('={{ "quick brown FOX. jumps? yes".toSentenceCase() }}')).toBe('Quick brown fox. Jumps? Yes');
    expect(ev('={{ "quick brown-fox!".toSnakeCase() }}')).toBe('quick_brown_fox');
    expect(ev('={{ "*bold*, [link]()".removeMarkdown() }}')).toBe('bold, link');
    expect(ev('={{ "<b>bold</b>, <a>link</a>".removeTags() }}')).toBe('bold, link');
    expect(ev('={{ "déjà vu ñ".replaceSpecialChars() }}')).toBe('deja vu n');
    expect(ev(`={{ 'Nathan says "hi"'.quote() }}`)).toBe('"Nathan says \\"hi\\""');
  });
  it('extracts', () => {
    expect(ev('={{ "mail me@n8n.io now".extractEmail() }}')).toBe('me@n8n.io');
    expect(ev('={{ ["me@n8n.io".extractDomain(), "https://www.n8n.io/a".extractDomain()] }}')).toEqual(['n8n.io', 'www.n8n.io']);
    expect(ev('={{ "see https://n8n.io/docs?x=1 ok".extractUrl() }}')).toBe('https://n8n.io/docs?x=1');
    expect(ev('={{ "https://n8n.io/a/b?x=1".extractUrlPath() }}')).toBe('/a/b');
    expect(ev('={{ "no email".extractEmail() }}')).toBeUndefined();
  });
  it('encodes and hashes', () => {
    expect(ev('={{ "hello".hash() }}')).toBe('5d41402abc4b2a76b9719d911017c592');
    expect(ev('={{ "hello".hash("sha256") }}')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(ev('={{ "hello".hash("sha1") }}')).toBe('aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d');
    expect(ev('={{ ["hello".base64Encode(), "aGVsbG8=".base64Decode(), "héllo ✓".base64Encode().base64Decode(), "hello".hash("base64")] }}')).toEqual(['aGVsbG8=', 'hello', 'héllo ✓', 'aGVsbG8=']);
    expect(ev('={{ ["a b&c".urlEncode(), "a%20b".urlDecode(), "a b/c".urlEncode(true)] }}')).toEqual(['a%20b%26c', 'a b', 'a%20b/c']);
    expect(errorOf('={{ "x".hash("nope") }}').message).toMatch(/^Unknown algorithm nope/);
  });
  it('parses JSON and dates', () => {
    expect(ev(`={{ '{"name":"Nathan"}'.parseJson() }}`)).toEqual({ name: 'Nathan' });
    expect(errorOf(`={{ "{'a':1}".parseJson() }}`).message).toBe("Parsing failed. Check you're using double quotes");
    const dt = ev('={{ "2024-03-30T18:49:00.000+00:00".toDateTime() }}') as DateTime;
    expect(DateTime.isDateTime(dt) && dt.toUTC().toISO()).toBe('2024-03-30T18:49:00.000Z');
    expect(ev('={{ "30/04/2024".toDateTime("dd/MM/yyyy").toISODate() }}')).toBe('2024-04-30');
    expect(ev('={{ "1708695471".toDateTime("s").toUTC().toISO() }}')).toBe('2024-02-23T13:37:51.000Z');
    expect(ev('={{ "2024-01-05".toDateTime().zoneName }}', {}, { timezone: 'Europe/Berlin' })).toBe('Europe/Berlin');
  });
  it('length() is an extension, length the native property', () => {
    expect(ev('={{ ["abc".length(), "abc".length] }}')).toEqual([3, 3]);
  });
});

describe('array extensions', () => {
  it('matches the documented examples', () => {
    expect(ev('={{ [12, 1, 5].average() }}')).toBe(6);
    expect(ev('={{ [].average() }}')).toBe(0);
    expect(ev('={{ [2, null, 1, ""].compact() }}')).toEqual([2, 1]);
    expect(ev('={{ [[].isEmpty(), ["a"].isNotEmpty()] }}')).toEqual([true, true]);
    expect(ev("={{ ['quick', 'brown', 'fox'].first() + ['quick', 'brown', 'fox'].last() }}")).toBe('quickfox');
    expect(ev('={{ [[1, 12, 5].max(), [12, 1, 5].min(), [12, 1, 5].sum()] }}')).toEqual([12, 1, 18]);
    expect(ev('={{ [1, 2, 3, 4, 5, 6].chunk(2) }}')).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(ev('={{ [1, 2, 3].difference([2, 3]) }}')).toEqual([1]);
    expect(ev('={{ [1, 2].intersection([2, 3]) }}')).toEqual([2]);
    expect(ev('={{ [1, 2].union([2, 3]) }}')).toEqual([1, 2, 3]);
    expect(ev("={{ [{ name: 'Nathan' }, { age: 42 }].merge([{ city: 'Berlin' }, { country: 'Germany' }]) }}")).toEqual({ name: 'Nathan', age: 42, city: 'Berlin', country: 'Germany' });
    expect(ev("={{ [{ name: 'Nathan', age: 42 },{ name: 'Jan', city: 'Berlin' }].pluck('name') }}")).toEqual(['Nathan', 'Jan']);
    expect(ev("={{ [{ name: 'Nathan', age: 42 },{ name: 'Jan', city: 'Berlin' }].pluck('age') }}")).toEqual([42]);
    expect(ev("={{ [{ name: 'bob' }, { name: 'meg' }].renameKeys('name', 'x') }}")).toEqual([{ x: 'bob' }, { x: 'meg' }]);
    expect(ev("={{ [{ k: 'a', v: 1 }, { k: 'b', v: 2 }].smartJoin('k', 'v') }}")).toEqual({ a: 1, b: 2 });
    expect(ev('={{ [1, 1, { a: 1 }, { a: 1 }, "x"].unique() }}')).toEqual([1, { a: 1 }, 'x']);
    expect(ev('={{ [{ a: 1, b: 1 }, { a: 1, b: 2 }].removeDuplicates("a") }}')).toEqual([{ a: 1, b: 1 }]);
    expect(ev("={{ ['forget', 'me'].append('not') }}")).toEqual(['forget', 'me', 'not']);
    expect(ev("={{ ['quick', 'brown', 'fox'].toJsonString() }}")).toBe('["quick","brown","fox"]');
    expect([1, 2, 3]).toContain(ev('={{ [1, 2, 3].randomItem() }}'));
  });
  it('reports misuse like n8n', () => {
    expect(errorOf('={{ [1, "a"].sum() }}').message).toBe('sum(): all array elements must be numbers');
    expect(errorOf('={{ [1].chunk(0) }}').message).toBe('chunk(): expected non-zero numeric arg, e.g. .chunk(5)');
    expect(errorOf('={{ [1].chunk(-1) }}').message).toBe('chunk(): expected non-zero numeric arg, e.g. .chunk(5)');
  });
  it('prefers native methods when the name is not an extension', () => {
    expect(ev('={{ [1, 2, 3].includes(2) }}')).toBe(true);
    expect(ev('={{ [3, 1].toSorted() }}')).toEqual([1, 3]);
  });
});

describe('number, boolean and object extensions', () => {
  it('numbers', () => {
    expect(ev('={{ [(1.256).round(), (1.256).round(1), (1.256).round(2), (1.234).ceil(), (1.9).floor(), (-1.7).abs()] }}')).toEqual([1, 1.3, 1.26, 2, 1, 1.7]);
    expect(ev('={{ [(33).isEven(), (42).isEven(), (33).isOdd(), (-3).isOdd(), (4.12).isInteger()] }}')).toEqual([false, true, true, true, false]);
    expect(ev("={{ (123456.789).format('de-DE') }}")).toBe('123.456,789');
    expect(ev("={{ (123456.789).format('de-DE', {'style': 'currency', 'currency': 'EUR'}) }}")).toBe('123.456,79\u00a0€');
    expect(ev('={{ [(12).toBoolean(), (0).toBoolean(), (1.5).toInt()] }}')).toEqual([true, false, 2]);
    expect(ev("={{ (1708695471).toDateTime('s').toUTC().toISO() }}")).toBe('2024-02-23T13:37:51.000Z');
    expect(ev("={{ (45345).toDateTime('excel').toUTC().toISO() }}")).toBe('2024-02-23T00:00:00.000Z');
    expect(errorOf('={{ (1.5).isEven() }}').message).toBe('isEven() is only callable on integers');
  });
  it('booleans', () => {
    expect(ev('={{ [true.toNumber(), false.toInt(), true.toBoolean()] }}')).toEqual([1, 0, true]);
  });
  it('objects', () => {
    expect(ev("={{ [({'name': 'Nathan'}).isEmpty(), ({}).isEmpty(), ({ a: 1 }).isNotEmpty()] }}")).toEqual([false, true, true]);
    expect(ev("={{ ({ x: null, y: 2, z: '' }).compact() }}")).toEqual({ y: 2 });
    expect(ev("={{ ({ name: 'Mr Nathan', city: 'hanoi' }).urlEncode() }}")).toBe('name=Mr+Nathan&city=hanoi');
    expect(ev("={{ [({ name: 'Nathan', age: 42 }).hasField('name'), ({ name: 'Nathan' }).hasField('Name')] }}")).toEqual([true, false]);
    expect(ev("={{ ({ name: 'Nathan', city: 'hanoi' }).removeField('name') }}")).toEqual({ city: 'hanoi' });
    expect(ev("={{ ({ name: 'Mr Nathan', city: 'hanoi', age: 42 }).removeFieldsContaining('Han') }}")).toEqual({ name: 'Mr Nathan', city: 'hanoi', age: 42 });
    expect(ev("={{ ({ name: 'Mr Nathan', city: 'hanoi', age: 42 }).removeFieldsContaining('Nathan') }}")).toEqual({ city: 'hanoi', age: 42 });
    expect(ev("={{ ({ name: 'Mr Nathan', city: 'hanoi', age: 42 }).keepFieldsContaining('han') }}")).toEqual({ name: 'Mr Nathan', city: 'hanoi' });
    expect(ev("={{ [({ name: 'Mr Nathan', age: 42 }).keys(), ({ name: 'Mr Nathan', age: 42 }).values()] }}")).toEqual([['name', 'age'], ['Mr Nathan', 42]]);
    expect(ev("={{ ({ name: 'Nathan', age: 42 }).toJsonString() }}")).toBe('{"name":"Nathan","age":42}');
  });
  it('generic isEmpty on null and the not-callable messages', () => {
    expect(ev('={{ [$json.missing.isEmpty(), $json.n.isNotEmpty()] }}', { missing: null, n: null })).toEqual([true, false]);
    expect(errorOf('={{ $json.x.toNumber() }}', { x: null }).message).toBe("toNumber can't be used on null value");
    expect(errorOf('={{ (5).toTitleCase() }}').message).toBe('toTitleCase() is only callable on type "String"');
    expect(errorOf('={{ (5).isEmail() }}').message).toBe('isEmail() is only callable on type "String"');
    expect(errorOf('={{ "x".first() }}').message).toBe('first() is only callable on type "Array"');
    expect(errorOf('={{ (() => 1).first() }}').message).toBe('first() is only callable on type "Array"');
    expect(ev('={{ [(5).isEmpty(), (0).isEmpty(), (5).isNotEmpty()] }}')).toEqual([false, true, true]);
    expect(errorOf('={{ true.first() }}').message).toBe('first() is only callable on type "Array"');
    expect(errorOf('={{ [].toTitleCase() }}').message).toBe('toTitleCase() is only callable on type "String"');
    expect(errorOf('={{ (1).toJsonString() }}').message).toBe('toJsonString() is only callable on types "Array", "Object", and "String"');
    expect(ev('={{ $json.x?.toNumber() }}', { x: null })).toBeUndefined();
  });
});

describe('date extensions', () => {
  const dt = '"2024-03-30T18:49:00.000Z".toDateTime().toUTC()';
  it('formats, shifts and extracts', () => {
    expect(ev(`={{ ${dt}.format('dd/LL/yyyy') }}`)).toBe('30/03/2024');
    expect(ev(`={{ ${dt}.plus(7, 'days').toISO() }}`)).toBe('2024-04-06T18:49:00.000Z');
    expect(ev(`={{ ${dt}.minus(4, 'years').toISO() }}`)).toBe('2020-03-30T18:49:00.000Z');
    expect(ev(`={{ ${dt}.plus({ hours: 1 }).toISO() }}`)).toBe('2024-03-30T19:49:00.000Z');
    expect(ev(`={{ [${dt}.extract('month'), ${dt}.extract('hour'), ${dt}.extract('year')] }}`)).toEqual([3, 18, 2024]);
    expect(ev(`={{ ${dt}.isWeekend() }}`)).toBe(true);
    expect(ev(`={{ ${dt}.beginningOf('month').toISO() }}`)).toBe('2024-03-01T00:00:00.000Z');
    expect(ev(`={{ ${dt}.endOfMonth().toISO() }}`)).toBe('2024-03-31T23:59:59.999Z');
    expect(ev(`={{ ${dt}.isBetween('2020-06-01', '2025-06-01') }}`)).toBe(true);
    expect(ev(`={{ ${dt}.toInt() }}`)).toBe(Date.UTC(2024, 2, 30, 18, 49));
  });
  it('diffs', () => {
    expect(ev('={{ "2025-01-01T00:00:00.000Z".toDateTime().diffTo("2024-12-30T00:00:00.000Z", "days") }}')).toBe(2);
    expect(ev('={{ "2025-01-01T00:00:00.000Z".toDateTime().diffTo("2024-11-30T00:00:00.000Z", ["months", "days"]) }}')).toEqual({ months: 1, days: 2 });
    expect(errorOf('={{ $now.diffTo($now, "fortnights") }}', {}, undefined, { $now: DateTime.now() }).message).toMatch(/^Unsupported unit 'fortnights'/);
  });
  it('treats ISO strings from data as dates (n8n isDate) and JS Dates', () => {
    expect(ev('={{ $json.d.format("yyyy") }}', { d: '2024-03-30T18:49:00.000Z' })).toBe('2024');
    expect(ev('={{ $json.d.plus(1, "day").toISOString() }}', { d: new Date(Date.UTC(2024, 0, 1)) })).toBe('2024-01-02T00:00:00.000Z');
    expect(ev('={{ DateTime.fromISO($json.d).minus({ days: 1 }).toISODate() }}', { d: '2024-03-01' })).toBe('2024-02-29');
  });
});

describe('extended global functions', () => {
  it('has n8n helpers', () => {
    expect(ev('={{ [$min(1, 2), $max(1, 2), $average(1, 2, 3), $not(0), $ifEmpty("", "d"), $ifEmpty([1], "d")] }}')).toEqual([1, 2, 2, true, 'd', [1]]);
    expect(ev('={{ [numberList(1, 3), numberList(3, 1), zip(["a", "b"], [1, 2])] }}')).toEqual([[1, 2, 3], [3, 2, 1], { a: 1, b: 2 }]);
    expect(ev('={{ $if($json.a > 1, "big", "small") }}', { a: 2 })).toBe('big');
    expect(ev('={{ $if(false, "x") }}')).toBe(false);
    expect(errorOf('={{ $if(true) }}').message).toBe('$if requires at least 2 parameters: test, value_if_true[, and value_if_false]');
  });
  it('is extensible', () => {
    registerExtension('string', 'shout', (v: string) => `${v.toUpperCase()}!`);
    expect(ev('={{ "hey".shout() }}')).toBe('HEY!');
  });
});

describe('string extensions on long text (issue 14: no call holds the server)', () => {
  /** n8n's toSentenceCase loop, as the reference for the one-pass version. */
  function n8nSentenceCase(value: string): string {
    const letter = /\p{L}/u;
    const punctuation = /[!?.]/;
    let current = value.slice();
    let buffer = '';
    while (letter.test(current)) {
      const charIndex = current.search(letter);
      current = current.slice(0, charIndex) + current[charIndex].toLocaleUpperCase() + current.slice(charIndex + 1).toLocaleLowerCase();
      const puncIndex = current.search(punctuation);
      if (puncIndex === -1) {
        buffer += current;
        current = '';
        break;
      }
      buffer += current.slice(0, puncIndex + 1);
      current = current.slice(puncIndex + 1);
    }
    return buffer + current;
  }

  it('toSentenceCase gives n8n’s answer on random text, and 60,000 characters take milliseconds', () => {
    const alphabet = ['a', 'B', 'é', 'Ö', ' ', '.', '!', '?', '1', '-', 'ß', 'Σ', '\n', 'x', 'Y', '𐐀', 'ǅ', 'Ⅻ', 'ẞ', 'İ'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(ev(`={{ ${JSON.stringify(text)}.toSentenceCase() }}`), JSON.stringify(text)).toBe(n8nSentenceCase(text));
    }
    const started = performance.now();
    expect(ev("={{ 'a.'.repeat(30000).toSentenceCase().length }}")).toBe(60000);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('isEmail answers false at once for text longer than an address can be, or without an @', () => {
    const started = performance.now();
    expect(ev("={{ ['a'.repeat(60000).isEmail(), ('a'.repeat(300) + '@example.com').isEmail(), 'a'.repeat(240).concat('@example.com').isEmail()] }}")).toEqual([false, false, true]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
