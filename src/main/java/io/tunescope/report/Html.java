package io.tunescope.report;

import java.util.List;

/** Minimal HTML building: escaping, tables and embedded images, so the report needs no network to view. */
final class Html {
    private final StringBuilder out = new StringBuilder();

    static String escape(Object value) {
        String s = value == null ? "" : value.toString();
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    Html raw(String html) {
        out.append(html);
        return this;
    }

    Html heading(int level, String text, String id) {
        out.append("<h").append(level).append(id == null ? "" : " id=\"" + escape(id) + "\"").append('>')
                .append(escape(text)).append("</h").append(level).append(">\n");
        return this;
    }

    Html paragraph(String text) {
        out.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    Html table(List<String> header, List<List<Object>> rows) {
        out.append("<table><thead><tr>");
        header.forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
        out.append("</tr></thead><tbody>\n");
        for (List<Object> row : rows) {
            out.append("<tr>");
            row.forEach(c -> out.append(c instanceof Number ? "<td class=\"n\">" : "<td>").append(escape(format(c)))
                    .append("</td>"));
            out.append("</tr>\n");
        }
        out.append("</tbody></table>\n");
        return this;
    }

    Html chart(ReportChart chart) {
        out.append("<figure><img alt=\"").append(escape(chart.title())).append("\" src=\"data:image/png;base64,")
                .append(java.util.Base64.getEncoder().encodeToString(chart.png())).append("\"><figcaption>")
                .append(escape(chart.caption())).append(" Data: <code>report/").append(escape(chart.name()))
                .append(".csv</code></figcaption></figure>\n");
        return this;
    }

    static String format(Object value) {
        if (value instanceof Double d) {
            return Double.isNaN(d) ? "" : Math.abs(d) >= 100 ? String.format("%.0f", d) : String.format("%.2f", d);
        }
        return value == null ? "" : value.toString();
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
