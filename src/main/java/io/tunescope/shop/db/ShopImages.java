package io.tunescope.shop.db;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The items' images, as TPC-W's store has them: each item a thumbnail of about 5 KB and a full-size image of 5 KB to
 * 250 KB (the specification's sizes; the spread within them is ours: thumbnails uniform over ±10 % of 5 KB, images
 * log-uniform over the range, so most are small and a few large, as a catalogue's are). Population writes each
 * item's two paths ({@link #thumbnailPath}, {@link #imagePath}); the bytes are a pure function of the kind and the
 * item's id, so every application node serves the same image without storing it, and one seed-independent id gives
 * one size on every run. The bytes are a GIF header followed by a fixed pseudo-random filler (incompressible, as a
 * real image is).
 */
public final class ShopImages {
    /** Where the application tier serves them, under the store's base path. */
    public static final String URL_PREFIX = "/shop/images/";
    public static final int THUMBNAIL_BYTES = 5 * 1024;
    public static final int SMALLEST_IMAGE_BYTES = 5 * 1024;
    public static final int LARGEST_IMAGE_BYTES = 250 * 1024;
    private static final Pattern PATH = Pattern.compile("img(\\d{1,2})/(thumb|image)_(\\d{1,9})\\.gif");
    private static final byte[] HEADER = {'G', 'I', 'F', '8', '9', 'a'};
    private static final byte[] FILLER = filler();

    /** One image of one item. */
    public record Image(boolean thumbnail, long itemId) {
        /** Its size in bytes. */
        public int bytes() {
            SplittableRandom r = new SplittableRandom(itemId * 2 + (thumbnail ? 1 : 0));
            if (thumbnail) {
                return (int) Math.round(THUMBNAIL_BYTES * r.nextDouble(0.9, 1.1));
            }
            double logSize = r.nextDouble(Math.log(SMALLEST_IMAGE_BYTES), Math.log(LARGEST_IMAGE_BYTES));
            return (int) Math.min(LARGEST_IMAGE_BYTES, Math.round(Math.exp(logSize)));
        }

        /** Its content: the GIF header, then the filler from an offset of its own. */
        public byte[] content() {
            byte[] out = new byte[bytes()];
            System.arraycopy(HEADER, 0, out, 0, HEADER.length);
            int offset = (int) ((itemId * 31 + (thumbnail ? 7 : 0)) % 4096);
            System.arraycopy(FILLER, offset, out, HEADER.length, out.length - HEADER.length);
            return out;
        }
    }

    private ShopImages() {
    }

    public static String thumbnailPath(long itemId) {
        return "img" + itemId % 100 + "/thumb_" + itemId + ".gif";
    }

    public static String imagePath(long itemId) {
        return "img" + itemId % 100 + "/image_" + itemId + ".gif";
    }

    /** The image a path names ({@code img42/thumb_142.gif}), if it is one the store writes. */
    public static Optional<Image> parse(String path) {
        Matcher m = PATH.matcher(path);
        if (!m.matches()) {
            return Optional.empty();
        }
        long id = Long.parseLong(m.group(3));
        if (id < 1 || id % 100 != Long.parseLong(m.group(1))) {
            return Optional.empty();
        }
        return Optional.of(new Image(m.group(2).equals("thumb"), id));
    }

    /** The paths of the store's images that {@code text} names (a page's line), in order. */
    public static java.util.List<String> pathsIn(String text) {
        java.util.List<String> out = new java.util.ArrayList<>();
        Matcher m = PATH.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static byte[] filler() {
        byte[] b = new byte[LARGEST_IMAGE_BYTES + 4096];
        new SplittableRandom(20_020_616L).nextBytes(b);
        return b;
    }
}
