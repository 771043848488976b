package io.tunescope.shop.browser;

import java.util.ArrayList;
import java.util.List;

/** The images a page references: the {@code src} of each {@code <img>} tag, in order, as the page wrote it. */
final class ImageLinks {
    private static final String TAG = "<img src=\"";

    private ImageLinks() {
    }

    static List<String> of(String html) {
        List<String> out = new ArrayList<>();
        int at = html.indexOf(TAG);
        while (at >= 0) {
            int start = at + TAG.length();
            int end = html.indexOf('"', start);
            if (end < 0) {
                break;
            }
            out.add(html.substring(start, end));
            at = html.indexOf(TAG, end);
        }
        return out;
    }
}
