// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The sections of the one-scenario PDF report, each a function that lays itself out. The order
// and titles live in pdf_report_writer.cpp's section list.

#include "pdf_layout.h"
#include "pdf_report.h"

namespace planner::pdf_sections {

void cover(PdfLayout& l, const PdfReportInput& in);
void executiveSummary(PdfLayout& l, const PdfReportInput& in);
void costBreakdown(PdfLayout& l, const PdfReportInput& in);
void throughput(PdfLayout& l, const PdfReportInput& in);
void billOfMaterials(PdfLayout& l, const PdfReportInput& in);
void sizingPowerCooling(PdfLayout& l, const PdfReportInput& in);
void networkFabric(PdfLayout& l, const PdfReportInput& in);
void storageReliability(PdfLayout& l, const PdfReportInput& in);
void sensitivity(PdfLayout& l, const PdfReportInput& in);
void warnings(PdfLayout& l, const PdfReportInput& in);
void appendix(PdfLayout& l, const PdfReportInput& in);

} // namespace planner::pdf_sections
