import { describe, expect, test } from '@jest/globals';
import { pageReferral } from './page-referral.js';

describe('pageReferral', () => {
  test('the host page\'s utm parameters, and the page without its query', () => {
    expect(pageReferral('https://shop.example/promo?utm_source=newsletter&utm_medium=email&utm_campaign=spring&x=1')).toEqual({
      utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', page_url: 'https://shop.example/promo',
    });
  });

  test('a page without utm parameters gives none', () => {
    expect(pageReferral('https://shop.example/?q=1')).toBeUndefined();
    expect(pageReferral('not a url')).toBeUndefined();
  });
});
