import Foundation

/// A month's nights as the calendar's table rows, a week each, written in one pass: as Leaf loops
/// over six weeks of cells and their holders, the grid was most of the calendar page's time. What
/// a host, a guest or a channel wrote is escaped as Leaf escapes it.
enum ConsoleMonthGrid {
    struct Night {
        var day: Int
        var date: String
        var label: String
        var today: Bool
        var holders: [ConsoleCalendarController.Holder]
        var conflict: Bool
    }

    /// `cells` from the week's first day (Monday), nil where the month has no day; a whole number of weeks.
    static func rows(_ cells: [Night?]) -> String {
        var html = ""
        html.reserveCapacity(cells.count * 200)
        for (index, cell) in cells.enumerated() {
            if index % 7 == 0 { html += "<tr>\n" }
            if let night = cell { html += self.cell(night) } else { html += #"<td class="empty"></td>"# + "\n" }
            if index % 7 == 6 { html += "</tr>\n" }
        }
        return html
    }

    private static func cell(_ night: Night) -> String {
        let classes = [night.today ? "today" : nil, night.conflict ? "conflict" : nil].compactMap { $0 }.joined(separator: " ")
        var html = #"<td id="night-"# + night.date + #"" class=""# + classes + #"">"#
        html += #"<span class="daynum" aria-label=""# + HTMLText.escaped(night.label) + #"">\#(night.day)</span>"#
        for holder in night.holders {
            let kind = #"class="holder holder-"# + HTMLText.escaped(holder.kind) + #"""#
            let text = HTMLText.escaped(holder.text)
            if let link = holder.link {
                html += #"<a "# + kind + #" href=""# + HTMLText.escaped(link) + #"" dir="auto">"# + text + "</a>"
            } else {
                html += #"<span "# + kind + #" dir="auto">"# + text + "</span>"
            }
        }
        return html + "</td>\n"
    }
}
