// Cases from n8n's own extension tests (packages/workflow/test/ExpressionExtensions), so our
// implementation answers the same inputs the same way.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ExpressionError } from '../../src/model/expressions/index.ts';
import { ev } from './helpers.ts';

describe('strings (n8n string-extensions.test.ts)', () => {
  it('hashes "12345" like n8n', () => {
    const expected: Record<string, string> = {
      base64: 'MTIzNDU=',
      md5: '827ccb0eea8a706c4c34a16891f84e7b',
      sha1: '8cb2237d0679ca88db6464eac60da96345513964',
      sha224: 'a7470858e79c282bc2f6adfd831b132672dfd1224c1e78cbf5bcd057',
      sha256: '5994471abb01112afcc18159f6cc74b4f511b99806da59b3caf5a9c173cacfc5',
      sha384: '0fa76955abfa9dafd83facca8343a92aa09497f98101086611b0bfa95dbc0dcc661d62e9568a5a032ba81960f3e55d4a',
      sha512: '3627909a29c31381a071ec27f7c9ca97726182aed29a7ddd2e54353322cfb30abb9e3a6df2ac2c20fe23436311d678564d0c8d305930575f60e2d3d048184d79',
      sha3: '0a2a1719bf3ce682afdbedf3b23857818d526efbe7fcb372b31347c26239a0f916c398b7ad8dd0ee76e8e388604d0b0f925d5e913ad2d3165b9b35b3844cd5e6',
    };
    for (const [alg, hash] of Object.entries(expected)) expect(ev(`={{ "12345".hash("${alg}") }}`)).toBe(hash);
  });
  it('url, tags, markdown, numbers, quote', () => {
    expect(ev('={{ "string%20with%20spaces".urlDecode(false) }}')).toBe('string with spaces');
    expect(() => ev('={{ "%%%".urlDecode() }}')).toThrow(ExpressionError);
    expect(() => ev('={{ "%%%".urlDecode() }}', {}, { mode: 'n8n' })).toThrow(ExpressionError);
    expect(ev('={{ "string with spaces".urlEncode(false) }}')).toBe('string%20with%20spaces');
    expect(ev('={{ "<html><head>test</head></html>".removeTags() }}')).toBe('test');
    expect(ev('={{ "<html><head>test</head></html>".removeMarkdown() }}')).toBe('test');
    expect(ev('={{ "2022-09-01T19:42:28.164Z".toDate() }}')).toEqual(new Date('2022-09-01T19:42:28.164Z'));
    expect(() => ev('={{ "2022-09-32T19:42:28.164Z".toDate() }}')).toThrow('cannot convert to date');
    expect(ev('={{ ["1.1".toFloat(), "1.1".toDecimalNumber(), "1.1".toInt(), "1.5".toWholeNumber()] }}')).toEqual([1.1, 1.1, 1, 1]);
    expect(ev('={{ "test".quote() }}')).toBe('"test"');
    expect(ev('={{ "\\"test\\"".quote() }}')).toBe('"\\"test\\""');
    expect(ev('={{ ["".isNumeric(), "asdf".isNumeric(), "1234".isNumeric(), "4e4".isNumeric(), "4.4".isNumeric()] }}')).toEqual([false, false, true, true, true]);
  });
  it('isUrl and isDomain', () => {
    const urls: Array<[string, boolean]> = [
      ['https://example.com/', true], ['http://example.com/', true], ['ftp://example.com/', true], ['example.com', false],
      ['www.example.com', false], ['https://www.example.com/', true], ['https://example.com/path#fragment', true],
      ['https://example.com:8080', true], ['https://example.com?query=1', true], ['http:///', false], ['https://', false], ['', false],
    ];
    for (const [u, ok] of urls) expect(ev(`={{ "${u}".isUrl() }}`)).toBe(ok);
    const domains: Array<[string, boolean]> = [
      ['example.com', true], ['asdf', false], ['https://example.com/', false], ['www.example.com', true], ['example.co.uk', true],
      ['example.', false], ['.com', false], ['example..com', false], ['example_com', false], ['example com', false],
      ['123.com', true], ['xn--80aswg.xn--p1ai', true], ['example.com:8080', true], ['', false],
    ];
    for (const [d, ok] of domains) expect(ev(`={{ "${d}".isDomain() }}`)).toBe(ok);
  });
  it('case conversions', () => {
    expect(ev('={{ "I am a test!".toSnakeCase() }}')).toBe('i_am_a_test');
    expect(ev('={{ "i am a test! i have multiple types of Punctuation. or do i?".toSentenceCase() }}')).toBe('I am a test! I have multiple types of punctuation. Or do i?');
    expect(ev('={{ "hello world. 123".toSentenceCase() }}')).toBe('Hello world. 123');
    expect(ev('={{ "42".toSentenceCase() }}')).toBe('42');
  });
  it('extraction', () => {
    expect(ev('={{ "Check this out: https://subdomain.example.com:3000/path?q=1#hash".extractUrl() }}')).toBe('https://subdomain.example.com:3000/path?q=1#hash');
    expect(ev('={{ "Invalid URL: http:///example.com".extractUrl() }}')).toBeUndefined();
    expect(ev('={{ "Mixed content: https://www.example.com and http://www.example.org".extractUrl() }}')).toBe('https://www.example.com');
    const domains: Array<[string, string | undefined]> = [
      ['test@example.org', 'example.org'], ['https://www.google.com', 'www.google.com'], ['ftp://ftp.example.com', 'ftp.example.com'],
      ['//example.com', 'example.com'], ['mailto:john.doe@example.com', 'example.com'], ['tel:+1-555-123-4567', undefined],
      ['name+tag@example.com', 'example.com'], ['www.example.net?test=1213', 'www.example.net'], ['https://192.168.1.1', '192.168.1.1'],
      ['https://localhost?test=123', 'localhost'], ['https://www.example.com:8080', 'www.example.com'],
    ];
    for (const [input, domain] of domains) expect(ev(`={{ "${input}".extractDomain() }}`)).toBe(domain);
    expect(ev('={{ "https://example.com/orders/1/detail#hash?foo=bar".extractUrlPath() }}')).toBe('/orders/1/detail');
    expect(ev('={{ ["test@example.com".isEmail(), "aaaaaaaa".isEmail(), "test @ n8n".isEmail()] }}')).toEqual([true, false, false]);
  });
  it('dates, JSON, booleans, base64', () => {
    for (const s of ['"Wed, 21 Oct 2015 07:28:00 GMT"', '"2008-11-11"', '"1-Feb-2024"']) expect(DateTime.isDateTime(ev(`={{ ${s}.toDateTime() }}`))).toBe(true);
    expect(DateTime.isDateTime(ev('={{ "1713976144063".toDateTime("ms") }}'))).toBe(true);
    expect(DateTime.isDateTime(ev('={{ "31-01-2024".toDateTime("dd-MM-yyyy") }}'))).toBe(true);
    expect(() => ev('={{ "hi".toDateTime() }}')).toThrow('cannot convert to Luxon DateTime');
    expect(() => ev('={{ "No JSON here".parseJson() }}')).toThrow('Parsing failed');
    expect(ev('={{ "The \\"best\\" colours: red\\nbrown".toJsonString() }}')).toBe(JSON.stringify('The "best" colours: red\nbrown'));
    expect(ev('={{ ["False".toBoolean(), "TRUE".toBoolean(), "hello".toBoolean()] }}')).toEqual([false, true, true]);
    expect(ev('={{ "n8n test".base64Encode() }}')).toBe('bjhuIHRlc3Q=');
    expect(ev('={{ "bjhuIHRlc3Q=".base64Decode() }}')).toBe('n8n test');
  });
});

describe('arrays (n8n array-extensions.test.ts)', () => {
  it('unique, pluck, merge', () => {
    expect(ev('={{ [1, 2, 3, "as", {}, {}, 1, 2, [1,2], "[sad]", "[sad]", null].unique() }}')).toEqual([1, 2, 3, 'as', {}, [1, 2], '[sad]', null]);
    expect(ev("={{ [{'name':'Nathan', age:42}, {'name':'Jan', age:16}, {'name':'Nathan', age:21}].unique('name') }}")).toEqual([{ name: 'Nathan', age: 42 }, { name: 'Jan', age: 16 }]);
    expect(ev(`={{ [{ firstName: 'John', lastName: 'Doe' }, { firstName: 'Jane', lastName: 'Doe' }].pluck("firstName", "lastName") }}`)).toEqual([['John', 'Doe'], ['Jane', 'Doe']]);
    expect(ev('={{ [{ test1: 1, test2: 2 }, { test1: 1, test3: 3 }].merge([{ test1: 2, test3: 3 }, { test4: 4 }]) }}')).toEqual({ test1: 1, test2: 2, test3: 3, test4: 4 });
    expect(ev('={{ [{ a: 1 }, { b: 2 }].merge([{ c: 3 }]) }}')).toEqual({ a: 1, c: 3 });
    expect(ev('={{ [{ a: 1 }, { b: 2 }].mergeIntoObject([{ c: 3 }]) }}')).toEqual({ a: 1, b: 2, c: 3 });
    expect(ev('={{ [{ a: 1 }].mergeIntoObject([{ b: 2 }, { c: 3 }]) }}')).toEqual({ a: 1, b: 2, c: 3 });
    expect(ev('={{ [{ a: 1 }, { b: 2 }].mergeIntoObject([{ c: 3 }, "not an object"]) }}')).toEqual({ a: 1, b: 2, c: 3 });
    expect(ev('={{ [{ a: 1, some: null }, { a: 2, c: "something" }, 2, "asds", { b: 23 }, null, [1, 2]].merge() }}')).toEqual({ a: 1, some: null, c: 'something', b: 23 });
  });
  it('smartJoin, renameKeys, set operations, compact', () => {
    expect(ev('={{ [{ name: "test1", value: "value1" }, { name: "test2", value: null }].smartJoin("name", "value") }}')).toEqual({ test1: 'value1', test2: null });
    expect(ev('={{ [{ test1: 1, test2: 2 }, { test1: 1, test3: 3 }].renameKeys("test1", "rename1", "test3", "rename3") }}')).toEqual([{ rename1: 1, test2: 2 }, { rename1: 1, rename3: 3 }]);
    expect(ev('={{ [{ name: "test" }].renameKeys("toString", "renamed") }}')).toEqual([{ name: 'test' }]);
    expect(ev('={{ [{ test1: 1 }, { test2: 2 }].union([{ test1: 1, test3: 3 }, { test2: 2 }, { test4: 4 }]) }}')).toEqual([{ test1: 1 }, { test2: 2 }, { test1: 1, test3: 3 }, { test4: 4 }]);
    expect(ev('={{ [1, 2, "dd", {}, null].union([1, {}, null, 3]) }}')).toEqual([1, 2, 'dd', {}, null, 3]);
    expect(ev('={{ [1, 2, "dd", {}, null].intersection([1, {}, null]) }}')).toEqual([1, {}, null]);
    expect(ev('={{ [1, 2, "dd", {}, null, ["a", 1]].difference([1, {}, null, ["a", 1]]) }}')).toEqual([2, 'dd']);
    expect(ev('={{ [{ test1: 1, test2: undefined, test3: null }, null, undefined, 1, 2, 0, { test: "asdf" }].compact() }}')).toEqual([{ test1: 1 }, 1, 2, 0, { test: 'asdf' }]);
    expect(ev('={{ numberList(1, 20).chunk(5).length }}')).toBe(4);
    expect(ev('={{ [1,2,3].append(4,5,"done") }}')).toEqual([1, 2, 3, 4, 5, 'done']);
    expect(ev('={{ [numberList(1, 3).toInt(), numberList(1, 3).toDateTime()] }}')).toEqual([undefined, undefined]);
    expect(() => ev('={{ ["1", 2, 3, 4, 5, "bad"].sum() }}')).toThrow(ExpressionError);
  });
});

describe('dates (n8n date-extensions.test.ts)', () => {
  const n = { $now: DateTime.now() };
  it('weekends, beginnings, ends, extraction, format', () => {
    expect(ev('={{ [20, 21, 22, 23].map(d => DateTime.local(2023, 1, d).isWeekend()) }}')).toEqual([false, true, true, false]);
    expect(ev('={{ DateTime.local(2023, 1, 20).beginningOf("week") }}')).toEqual(DateTime.local(2023, 1, 16));
    expect(ev('={{ new Date(2023, 0, 20).beginningOf("week") }}')).toEqual(DateTime.local(2023, 1, 16).toJSDate());
    expect(ev('={{ DateTime.local(2023, 1, 16).endOfMonth() }}')).toEqual(DateTime.local(2023, 1, 31, 23, 59, 59, 999));
    expect(ev('={{ new Date(2023, 0, 16).endOfMonth() }}')).toEqual(DateTime.local(2023, 1, 31, 23, 59, 59, 999).toJSDate());
    expect(ev('={{ [new Date("2024-03-30T18:49").extract("year"), new Date("2024-03-30T18:49").extract("yearDayNumber"), new Date("2024-03-30T18:49").extract("month")] }}')).toEqual([2024, 90, 3]);
    expect(ev('={{ [DateTime.local(2023, 1, 20).extract(), DateTime.fromISO("2024-03-30T18:49").extract("minute"), DateTime.fromISO("2024-03-30T18:49:00.123Z").extract("millisecond")] }}')).toEqual([3, 49, 123]);
    expect(ev('={{ DateTime.fromISO("2024-03-30T18:49").format("yyyy LLL dd") }}')).toBe('2024 Mar 30');
    expect(ev(`={{ DateTime.fromISO("2024-03-30T18:49").format("yyyy-MM-dd'T'HH:mm:ss") }}`)).toBe('2024-03-30T18:49:00');
  });
  it('isBetween, diffTo, conversions, minus', () => {
    expect(ev("={{ $now.isBetween($now, 'invalid') }}", {}, undefined, n)).toBeUndefined();
    expect(ev('={{ $now.isBetween($now, 1) }}', {}, undefined, n)).toBeUndefined();
    expect(() => ev('={{ $now.isBetween($now) }}', {}, undefined, n)).toThrow(ExpressionError);
    expect(ev("={{ '2025-01-01'.toDateTime().diffTo('2024-03-30T18:49:07.234', 'days').floor() }}")).toBe(276);
    expect(ev("={{ '2025-01-01T00:00:00.000'.toDateTime().diffTo('2024-03-30T18:49:07.234', ['months', 'days']) }}")).toEqual({ months: 9, days: 1.2158884953703704 });
    expect(ev('={{ DateTime.fromISO("2024-03-30T18:49:00Z").diffTo("2024-03-30T12:49:00Z", "hours") }}')).toBe(6);
    expect(ev('={{ DateTime.fromISO("2024-03-30T18:49:00.500Z").diffTo("2024-03-30T18:49:00.000Z", "milliseconds") }}')).toBe(500);
    expect((ev("={{ DateTime.fromFormat('01-01-2024', 'dd-MM-yyyy').toDateTime() }}") as DateTime).year).toBe(2024);
    expect((ev('={{ new Date(2024, 0, 1, 12).toDateTime() }}') as DateTime).month).toBe(1);
    expect(ev("={{ DateTime.fromISO('2024-01-01T00:00:00.000Z').toInt() }}")).toBe(1704067200000);
    expect(ev('={{ new Date("2024-01-01T00:00:00.000Z").toFloat() }}')).toBe(1704067200000);
    expect(ev('={{ new Date("2024-01-01T00:00:00.000Z").toBoolean() }}')).toBeUndefined();
    expect(ev(`={{ new Date("${DateTime.now().minus({ minutes: 5 }).toISO()}").isInLast(10) }}`)).toBe(true);
    expect(ev(`={{ new Date("${DateTime.now().minus({ minutes: 15 }).toISO()}").isInLast(10, "minutes") }}`)).toBe(false);
    expect(ev('={{ new Date("2024-03-30T18:49:00Z").minus(7, "days") }}')).toEqual(new Date('2024-03-23T18:49:00.000Z'));
    expect(ev('={{ new Date("2024-03-30T18:49:00Z").minus(4, "years") }}')).toEqual(new Date('2020-03-30T18:49:00.000Z'));
  });
});
